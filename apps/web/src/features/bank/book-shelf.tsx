import type { BookBrief, BookPageKind } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Typography } from 'antd';
import { useState } from 'react';
import { showToast } from '../../api/effects';
import { PageSkeleton } from '../../components/page-skeleton';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { layout } from '../../theme';
import { useBankNames, type BankNames } from '../questions';
import { bookListQuery } from './bank-queries';
import { BookCard, refusalText } from './book-card';
import { BookDrawer } from './book-drawer';
import { PracticeViewer, type PracticeList } from './practice-viewer';
import './bank.css';

/** Books grouped by kind2 in list order (the server sorts by position). */
function groupBooks(books: BookBrief[]): [string, BookBrief[]][] {
  const groups = new Map<string, BookBrief[]>();
  for (const book of books) groups.set(book.kind2, [...(groups.get(book.kind2) ?? []), book]);
  return [...groups];
}

/** What a click on a closed book does: the dialog or message that explains it, without a round trip. */
function explainRefusal(book: BookBrief): void {
  if (book.refusal === 'limit')
    openDialog(book.kind === 'higher' ? { kind: 'rights' } : { kind: 'upgrade', reason: 'limit' });
  else
    showToast({
      level: 'info',
      title: book.refusal === 'forbidden' ? zh.bank.book.forbiddenToast : (refusalText(book) ?? zh.bank.book.locked),
      key: `book-${book.id}`,
    });
}

/** Opens books and practice from any list of them; shared by every shelf and the big bank. */
export function usePractice(names: BankNames) {
  const [bookId, setBookId] = useState<string | null>(null);
  const [practice, setPractice] = useState<{ list: PracticeList; start: number } | null>(null);
  const overlays = (
    <>
      {bookId && (
        <BookDrawer
          bookId={bookId}
          names={names}
          onClose={() => setBookId(null)}
          onPractise={(list, start) => setPractice({ list, start })}
        />
      )}
      {practice && (
        <PracticeViewer list={practice.list} start={practice.start} names={names} onClose={() => setPractice(null)} />
      )}
    </>
  );
  return {
    openBook: setBookId,
    practise: (list: PracticeList, start: number) => setPractice({ list, start }),
    overlays,
  };
}

/** Book cards in a grid: a closed book explains its lock, an open one goes to `openBook`. */
export function BookCards({
  books,
  names,
  openBook,
}: {
  books: BookBrief[];
  names: BankNames;
  openBook: (id: string) => void;
}) {
  return (
    <Row gutter={[layout.gutter, layout.gutter]}>
      {books.map((book) => (
        <Col key={book.id} xs={24} sm={12} lg={8}>
          <BookCard book={book} names={names} onOpen={(bk) => (bk.refusal ? explainRefusal(bk) : openBook(bk.id))} />
        </Col>
      ))}
    </Row>
  );
}

/** A bank page's books (spec §2 pick, best, higher, season, math2, archived_*): cards by group, locks explained, a click opens the book. */
export function BookShelf({ kind }: { kind: BookPageKind }) {
  const names = useBankNames();
  const { data, isPending } = useQuery(bookListQuery(kind));
  const { openBook, overlays } = usePractice(names);
  if (isPending) return <PageSkeleton rows={8} />;
  if (!data || data.books.length === 0) return <Empty description={zh.bank.book.empty} />;
  const groups = groupBooks(data.books);
  return (
    <div className="gb-shelf">
      {groups.map(([group, books]) => (
        <section key={group} className="gb-group">
          {groups.length > 1 && <Typography.Title level={4}>{names.group(group)}</Typography.Title>}
          <BookCards books={books} names={names} openBook={openBook} />
        </section>
      ))}
      {overlays}
    </div>
  );
}
