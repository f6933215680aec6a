import { tailorCalls } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { call } from '../../api/client';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { useCurrentUser } from '../auth';
import { useBankNames } from '../questions';
import { BookCards, usePractice } from './book-shelf';

const s = tailorCopy.commonShelf;

export const commonShelfQuery = {
  // Under the bank's `books` prefix: what refreshes the bank's lists (a book's status after practice) refreshes this.
  queryKey: ['books', 'tailor-shelf'] as const,
  queryFn: () => call(tailorCalls.shelf, {}, { quiet: true }),
  staleTime: 30_000,
  // An extra on the pick page: if it cannot load (the grant just withdrawn), the page goes on without it.
  meta: { handlesErrors: true },
};

/**
 * 定制书架: the shared tailor shelf's books (`/api/tailor/shelf`, the tailor.common books), for a learner an admin
 * turned it on for (`accessibility.show_tailor_shelf`); nobody else sees or asks for it. Listed and opened as the
 * bank's books are: the cards explain a lock, an open book goes to its drawer and the practice viewer.
 */
export function CommonShelf() {
  const shown = useCurrentUser()?.accessibility.show_tailor_shelf === true;
  const names = useBankNames();
  const { data } = useQuery({ ...commonShelfQuery, enabled: shown });
  const { openBook, overlays } = usePractice(names);
  if (!shown || !data) return null;
  return (
    <section className="gb-group" aria-label={s.title}>
      <Typography.Title level={4}>{s.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      {data.books.length === 0 ? (
        <Empty description={s.empty} />
      ) : (
        <BookCards books={data.books} names={names} openBook={openBook} />
      )}
      {overlays}
    </section>
  );
}
