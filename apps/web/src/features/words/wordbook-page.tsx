import { wordCalls, type WordDetail, type WordExample } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, List, Pagination, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { BackLink } from '../../components/loader-states';
import { useIsPhone } from '../../components/use-is-phone';
import { useSpeech } from '../../components/use-speech';
import { zh } from '../../i18n/zh-CN';
import { useCurrentUser } from '../auth';
import { CreateFlashButton } from './create-flash-button';
import { bookDetailsQuery, refreshBooks, WORD_BOOK_PAGE_SIZE } from './word-book-queries';
import { WordDetailItem, type WordDetailActions } from './word-detail-item';
import { useWordClick } from './word-lookup-provider';
import { WordQuestionViewer } from './word-sentence';
import './words.css';

const b = zh.words.book;

/** The book id of the route: a positive whole number, or null (which no book has). */
export function bookIdOf(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The page of the URL (?page=), 1 when absent or not a page number. */
export function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

function Back() {
  return <BackLink to="/word" label={b.back} />;
}

/** An unknown book and another learner's read the same: the server answers `not_found` for both. */
function NotFound() {
  return <Result status="404" title={b.notFoundTitle} subTitle={b.notFoundBody} extra={<Back />} />;
}

function Words({ bookId, userId }: { bookId: number; userId: number }) {
  const phone = useIsPhone();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const details = useQuery(bookDetailsQuery(bookId, page));
  const { speak } = useSpeech();
  const onWordClick = useWordClick();
  const [opened, setOpened] = useState<{ word: string; example: WordExample } | null>(null);
  const goPage = (p: number) => setParams(p > 1 ? { page: String(p) } : {});
  // A page past the end (an old link, words removed elsewhere): the last page that has words instead.
  const beyond = details.data && details.data.words.length === 0 && details.data.total > 0;
  const lastPage = Math.max(1, Math.ceil((details.data?.total ?? 0) / WORD_BOOK_PAGE_SIZE));
  useEffect(() => {
    if (beyond && page !== lastPage) setParams(lastPage > 1 ? { page: String(lastPage) } : {}, { replace: true });
  }, [beyond, page, lastPage, setParams]);

  const markSimple = useMutation({
    mutationFn: (w: WordDetail) => call(wordCalls.markSimple, { book_id: bookId, word: w.word, simple: !w.simple }),
    onSuccess: async (res) => {
      void message.success(res.simple ? b.markedSimple(res.word) : b.unmarkedSimple(res.word));
      await refreshBooks(queryClient, userId, bookId);
    },
  });
  const remove = useMutation({
    mutationFn: (w: WordDetail) => call(wordCalls.delete, { book_id: bookId, words: [w.word] }),
    onSuccess: async (res, w) => {
      void message.success(b.removed(w.word));
      // The last word of a later page gone: step back rather than show an empty page.
      const last = Math.max(1, Math.ceil(res.book.word_count / WORD_BOOK_PAGE_SIZE));
      if (page > last) goPage(last);
      await refreshBooks(queryClient, userId, bookId);
    },
  });

  if (details.isError) {
    if (details.error instanceof ApiError && details.error.kind === 'not_found') return <NotFound />;
    return (
      <>
        <Back />
        <Alert
          type="error"
          showIcon
          title={b.failed}
          action={
            <Button size="small" onClick={() => void details.refetch()}>
              {zh.common.retry}
            </Button>
          }
        />
      </>
    );
  }
  if (details.isPending) {
    return (
      <>
        <Back />
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  }
  const { book, words, total } = details.data;
  const actions: WordDetailActions = {
    onWordClick,
    speak,
    marking: markSimple.isPending ? (markSimple.variables?.word ?? null) : null,
    removing: remove.isPending ? (remove.variables?.word ?? null) : null,
    onMarkSimple: (w) => markSimple.mutate(w),
    onRemove: (w) => remove.mutate(w),
    onOpenExample: (w, example) => setOpened({ word: w.word, example }),
  };
  return (
    <div className="gw-page">
      <Back />
      <div className="gw-book-head">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {book.name}
          </Typography.Title>
          <Typography.Text type="secondary">{b.summary(book.word_count, book.simple_count)}</Typography.Text>
        </div>
        <CreateFlashButton
          source="word_book"
          scope={String(book.id)}
          label={b.createFlash}
          type="primary"
          size="large"
          disabled={book.word_count === 0}
        />
      </div>
      <Card className="gw-card">
        {total === 0 && words.length === 0 ? (
          <Empty description={b.empty}>
            <Button type="primary" onClick={() => void navigate('/exercise_list')}>
              {b.emptyAction}
            </Button>
          </Empty>
        ) : (
          <>
            <List
              dataSource={words}
              rowKey="word"
              className={details.isPlaceholderData ? 'gw-stale' : undefined}
              renderItem={(w) => (
                <List.Item>
                  <WordDetailItem word={w} actions={actions} />
                </List.Item>
              )}
            />
            <Pagination
              className="gw-pager"
              current={page}
              pageSize={WORD_BOOK_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              hideOnSinglePage
              size={phone ? 'small' : undefined}
              onChange={goPage}
            />
          </>
        )}
      </Card>
      {opened && (
        <WordQuestionViewer
          questionId={opened.example.question_id}
          word={opened.word}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}

/**
 * /wordbook/{bookID}: a page of one of the learner's word books with everything about each word; mark a word too
 * easy or remove it, make a deck of the book. An unknown book, or another learner's, is a not-found result.
 */
export function WordBookPage() {
  const { bookID } = useParams();
  const user = useCurrentUser();
  const bookId = bookIdOf(bookID);
  if (bookId === null) return <NotFound />;
  if (!user) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Words key={bookId} bookId={bookId} userId={user.id} />;
}
