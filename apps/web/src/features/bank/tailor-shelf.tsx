import { shanghaiDay, tailorCalls, type CallResponse } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Drawer, Empty, List, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { OpenableListItem } from '../../components/openable-list-item';
import { useIsPhone } from '../../components/use-is-phone';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { layout } from '../../theme';
import { useBankNames, type BankNames } from '../questions';
import { QuestionLine } from './book-drawer';
import { usePractice } from './book-shelf';
import type { PracticeList } from './practice-viewer';

const s = tailorCopy.shelf;
type MyBook = CallResponse<typeof tailorCalls.mine>['books'][number];

export const myTailoredQuery = {
  queryKey: ['tailor', 'mine'] as const,
  queryFn: () => call(tailorCalls.mine, {}, { quiet: true }),
  staleTime: 30_000,
  // An extra on the pick page: if it cannot load, the page shows the bank's shelves without it.
  meta: { handlesErrors: true },
};

/** A tailored book opened: its questions in the teacher's order; a click practises from that question. */
function TailoredDrawer({
  book,
  names,
  onClose,
  onPractise,
}: {
  book: MyBook;
  names: BankNames;
  onClose: () => void;
  onPractise: (list: PracticeList, start: number) => void;
}) {
  const phone = useIsPhone();
  const list: PracticeList = { items: book.questions, bookId: null, title: book.name };
  return (
    <Drawer open onClose={onClose} size={phone ? '100%' : 720} title={book.name} destroyOnHidden>
      {book.teacher_name && (
        <Typography.Paragraph type="secondary">{s.teacher(book.teacher_name)}</Typography.Paragraph>
      )}
      {book.questions.length === 0 ? (
        <Empty description={s.empty} />
      ) : (
        <>
          <Typography.Paragraph>{s.hint}</Typography.Paragraph>
          <Button type="primary" onClick={() => onPractise(list, 0)} style={{ marginBottom: layout.gutter }}>
            {s.start}
          </Button>
          <List
            dataSource={book.questions}
            renderItem={(q, i) => (
              <OpenableListItem onOpen={() => onPractise(list, i)}>
                <QuestionLine brief={q} n={i + 1} names={names} />
              </OpenableListItem>
            )}
          />
        </>
      )}
    </Drawer>
  );
}

/**
 * 我的定制题本: the books a teacher built for this learner (`/api/tailor/mine`), on the pick page above the bank's
 * shelves; nothing shows for a learner who has none. Questions open in the bank's practice viewer.
 */
export function TailorShelf() {
  const names = useBankNames();
  const { data } = useQuery(myTailoredQuery);
  const { practise, overlays } = usePractice(names);
  const [open, setOpen] = useState<MyBook | null>(null);
  if (!data || data.books.length === 0) return null;
  return (
    <section className="gb-group" aria-label={s.title}>
      <Typography.Title level={4}>{s.title}</Typography.Title>
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Row gutter={[layout.gutter, layout.gutter]}>
        {data.books.map((book) => (
          <Col key={book.id} xs={24} sm={12} lg={8}>
            <Card
              hoverable
              className="gb-book"
              role="button"
              tabIndex={0}
              aria-label={book.name}
              onClick={() => setOpen(book)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  setOpen(book);
                }
              }}
            >
              <Typography.Title level={5} className="gb-book-title">
                {book.name}
              </Typography.Title>
              <Space orientation="vertical" size={0}>
                {book.teacher_name && (
                  <Typography.Text type="secondary">{s.teacher(book.teacher_name)}</Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {s.meta(book.questions.length, shanghaiDay(book.updated_stamp))}
                </Typography.Text>
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      {open && (
        <TailoredDrawer
          book={open}
          names={names}
          onClose={() => setOpen(null)}
          onPractise={(list, start) => {
            setOpen(null);
            practise(list, start);
          }}
        />
      )}
      {overlays}
    </section>
  );
}
