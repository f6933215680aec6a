import { CrownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { PageSkeleton } from '../../components/page-skeleton';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { bookListQuery } from './bank-queries';
import { BookShelf } from './book-shelf';

const p = zh.bank.pages;

/** higher: only SVIP with higher access opens it; everyone else sees why, and the rights dialog. */
export function HigherPage() {
  const { data, isPending } = useQuery(bookListQuery('higher'));
  const gated = data !== undefined && data.books.length > 0 && data.books.every((b) => b.refusal === 'limit');
  useEffect(() => {
    if (gated) openDialog({ kind: 'rights' });
  }, [gated]);
  if (isPending) return <PageSkeleton rows={8} />;
  return (
    <>
      <PageIntro title={p.higher.title} intro={p.higher.intro} />
      {gated ? (
        <Result
          icon={<CrownOutlined />}
          title={zh.bank.higherGate.title}
          subTitle={zh.bank.higherGate.body}
          extra={
            <Button type="primary" onClick={() => openDialog({ kind: 'rights' })}>
              {zh.bank.higherGate.rights}
            </Button>
          }
        />
      ) : (
        <BookShelf kind="higher" />
      )}
    </>
  );
}

export function SeasonPage() {
  return (
    <>
      <PageIntro title={p.season.title} intro={p.season.intro} />
      <BookShelf kind="season" />
    </>
  );
}

export function Math2Page() {
  return (
    <>
      <PageIntro title={p.math2.title} intro={p.math2.intro} />
      <BookShelf kind="math2" />
    </>
  );
}

export function ArchivedPickPage() {
  return (
    <>
      <PageIntro title={p.archivedPick.title} intro={p.archivedPick.intro} />
      <BookShelf kind="archived_pick" />
    </>
  );
}

export function ArchivedSixTwoPage() {
  return (
    <>
      <PageIntro title={p.archivedSixTwo.title} intro={p.archivedSixTwo.intro} />
      <BookShelf kind="archived_six_two" />
    </>
  );
}
