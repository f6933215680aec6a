import { LockOutlined } from '@ant-design/icons';
import type { QuestionBrief } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { OpenableListItem } from '../../components/openable-list-item';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';
import { RichText, type BankNames } from '../questions';
import { TimedPracticeButton } from '../records';
import { bookQuery } from './bank-queries';
import type { PracticeList } from './practice-viewer';

const b = zh.bank.book;

/** A question line of a list: number, kind, difficulty and the stem's opening (or the member lock). */
export function QuestionLine({ brief, n, names }: { brief: QuestionBrief; n: number; names: BankNames }) {
  return (
    <div className="gb-qline">
      <span className="gb-qline-n">{n}</span>
      <div className="gb-qline-body">
        <Space wrap size={[4, 4]}>
          <Tag color="blue">{names.kind(brief.kind)}</Tag>
          <Tag>{names.difficulty(brief.difficulty)}</Tag>
          {!brief.accessable && (
            <Tag icon={<LockOutlined />} color="gold">
              {b.memberOnly}
            </Tag>
          )}
        </Space>
        {brief.accessable ? (
          <RichText text={brief.preview} inline lang="en" className="gb-qline-text" />
        ) : (
          <div className="gb-qline-text">{b.lockedPreview}</div>
        )}
        {brief.brief && brief.accessable && <Typography.Text type="secondary">{brief.brief}</Typography.Text>}
      </div>
    </div>
  );
}

/** An opened book: its sections and questions; a click starts practice at that question. */
export function BookDrawer({
  bookId,
  names,
  onClose,
  onPractise,
}: {
  bookId: string;
  names: BankNames;
  onClose: () => void;
  onPractise: (list: PracticeList, start: number) => void;
}) {
  const phone = useIsPhone();
  const { data, isPending, isError } = useQuery(bookQuery(bookId));
  // The error catalogue has already said why (upgrade dialog, lock date); the drawer has nothing to show.
  useEffect(() => {
    if (isError) onClose();
  }, [isError, onClose]);
  if (isError) return null;
  const items = data?.sections.flatMap((s) => s.questions) ?? [];
  const list: PracticeList = { items, bookId, title: data?.book.title ?? '' };
  const starts = (data?.sections ?? []).map((_, i, all) => all.slice(0, i).reduce((n, s) => n + s.questions.length, 0));
  return (
    <Drawer open onClose={onClose} size={phone ? '100%' : 720} title={data?.book.title ?? ' '} destroyOnHidden>
      {isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          {data.book.sub_title && <Typography.Paragraph type="secondary">{data.book.sub_title}</Typography.Paragraph>}
          <Typography.Paragraph>{b.practiceHint}</Typography.Paragraph>
          <Space wrap style={{ marginBottom: 16 }}>
            <Button type="primary" disabled={items.length === 0} onClick={() => onPractise(list, 0)}>
              {b.start}
            </Button>
            <TimedPracticeButton bookId={bookId} category={items[0]?.category} disabled={items.length === 0} />
          </Space>
          {data.sections.map((s, si) => {
            const base = starts[si] ?? 0;
            return (
              <div key={s.section} className="gb-section">
                {data.sections.length > 1 && <Typography.Title level={5}>{b.sectionTitle(s.section)}</Typography.Title>}
                <List
                  dataSource={s.questions}
                  renderItem={(q, i) => (
                    <OpenableListItem onOpen={() => onPractise(list, base + i)}>
                      <QuestionLine brief={q} n={base + i + 1} names={names} />
                    </OpenableListItem>
                  )}
                />
              </div>
            );
          })}
        </>
      )}
    </Drawer>
  );
}
