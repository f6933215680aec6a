import { shanghaiDay } from '@gre/contracts';
import { LockOutlined, StopOutlined } from '@ant-design/icons';
import type { BookBrief } from '@gre/contracts';
import { Badge, Card, Space, Tag, Typography } from 'antd';
import { zh } from '../../i18n/zh-CN';
import type { BankNames } from '../questions';

const b = zh.bank;

const STATUS_COLOR: Record<string, string | undefined> = { Start: 'processing', Finish: 'success', Expired: 'default' };

/** Why a book does not open, as the card says it before the click. */
export function refusalText(book: BookBrief): string | null {
  switch (book.refusal) {
    case null:
      return null;
    case 'book_locked':
      return book.unlock_date_stamp ? b.book.unlocksOn(shanghaiDay(book.unlock_date_stamp)) : b.book.locked;
    case 'limit':
      return book.kind === 'higher' && (book.min_role === null || book.min_role === 'SVIP')
        ? b.book.needsHigher
        : b.book.needsRole(b.roles[book.min_role ?? 'VIP'] ?? '');
    case 'forbidden':
      return b.book.forbidden;
  }
}

/** One book on a shelf: title, what it covers, its size, this learner's status, and a lock with the reason when it is closed. */
export function BookCard({
  book,
  names,
  onOpen,
}: {
  book: BookBrief;
  names: BankNames;
  onOpen: (book: BookBrief) => void;
}) {
  const refusal = refusalText(book);
  const card = (
    <Card
      hoverable
      className={`gb-book${refusal ? ' gb-book-closed' : ''}`}
      onClick={() => onOpen(book)}
      role="button"
      tabIndex={0}
      aria-label={book.title}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(book);
        }
      }}
    >
      <Typography.Title level={5} className="gb-book-title">
        {refusal && (book.refusal === 'forbidden' ? <StopOutlined aria-hidden /> : <LockOutlined aria-hidden />)}{' '}
        {book.title}
      </Typography.Title>
      {book.sub_title && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="gb-book-sub">
          {book.sub_title}
        </Typography.Paragraph>
      )}
      <Space wrap size={[4, 4]}>
        <Tag>{b.book.questions(book.question_count)}</Tag>
        {book.param.difficulty && <Tag color="blue">{names.difficulty(book.param.difficulty)}</Tag>}
        {book.param.topic && <Tag color="cyan">{names.group(book.param.topic)}</Tag>}
        {book.answers_after_finish && <Tag color="gold">{b.book.prevent}</Tag>}
        {book.hide && <Tag>{b.book.hidden}</Tag>}
        {book.status !== 'NotOpen' && (
          <Badge status={(STATUS_COLOR[book.status] ?? 'default') as 'default'} text={b.status[book.status]} />
        )}
      </Space>
      {refusal && (
        <Typography.Paragraph
          type={book.refusal === 'book_locked' ? 'warning' : 'secondary'}
          className="gb-book-refusal"
        >
          {refusal}
        </Typography.Paragraph>
      )}
    </Card>
  );
  return book.label ? (
    <Badge.Ribbon text={book.label} color="volcano">
      {card}
    </Badge.Ribbon>
  ) : (
    card
  );
}
