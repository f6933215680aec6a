import { DeleteOutlined, MergeCellsOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import {
  DEFAULT_WORD_BOOK_NAME,
  WORD_BOOK_NAME_MAX,
  WORD_BOOKS_MAX,
  wordCalls,
  type WordBookBrief,
} from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, List, Modal, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { CreateFlashButton } from './create-flash-button';
import { bookListQuery, refreshBooks } from './word-book-queries';

const b = zh.words.page.books;

/** A name the learner may give a new book: trimmed, not empty, within the bound and not one they already use. */
export function bookNameProblem(name: string, taken: readonly string[]): string | null {
  const n = name.trim();
  if (!n) return b.nameRequired;
  if ([...n].length > WORD_BOOK_NAME_MAX) return b.nameTooLong(WORD_BOOK_NAME_MAX);
  if (taken.includes(n)) return b.nameTaken;
  return null;
}

function CreateBookDialog({ taken, userId, onClose }: { taken: string[]; userId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const create = useMutation({
    mutationFn: (name: string) => call(wordCalls.createBook, { name }),
    onSuccess: async ({ book }) => {
      void message.success(b.created(book.name));
      onClose();
      await refreshBooks(queryClient, userId);
    },
  });
  return (
    <Modal
      open
      title={b.create}
      okText={b.create}
      cancelText={zh.common.cancel}
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() =>
        void form.validateFields().then(
          ({ name }) => create.mutate(name.trim()),
          () => undefined,
        )
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={({ name }) => create.mutate(name.trim())}>
        <Form.Item
          name="name"
          label={b.nameLabel}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const problem = bookNameProblem(value ?? '', taken);
                return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input
            autoFocus
            maxLength={WORD_BOOK_NAME_MAX}
            showCount
            placeholder={b.namePlaceholder(WORD_BOOK_NAME_MAX)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Picks the book to merge `from` into; the dialog says what happens (words moved, repeats kept once, `from` gone). */
function MergeDialog({
  from,
  books,
  userId,
  onClose,
}: {
  from: WordBookBrief;
  books: WordBookBrief[];
  userId: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const targets = books.filter((x) => x.id !== from.id);
  const [into, setInto] = useState<number | null>(targets.length === 1 ? targets[0]!.id : null);
  const target = targets.find((x) => x.id === into);
  const merge = useMutation({
    mutationFn: (intoId: number) => call(wordCalls.merge, { from_id: from.id, into_id: intoId }),
    onSuccess: async ({ book, moved }) => {
      void message.success(b.merged(moved, book.name));
      onClose();
      await refreshBooks(queryClient, userId, from.id, book.id);
    },
  });
  return (
    <Modal
      open
      title={b.mergeTitle(from.name)}
      okText={b.merge}
      cancelText={zh.common.cancel}
      okButtonProps={{ disabled: !target }}
      confirmLoading={merge.isPending}
      onCancel={onClose}
      onOk={() => target && merge.mutate(target.id)}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Select
          aria-label={b.mergeInto}
          prefix={b.mergeInto}
          placeholder={b.mergePick}
          value={into ?? undefined}
          onChange={setInto}
          style={{ width: '100%' }}
          options={targets.map((x) => ({
            value: x.id,
            label: `${x.name}（${b.summary(x.word_count, x.simple_count)}）`,
          }))}
        />
        {target && <Alert type="warning" showIcon title={b.mergeBody(from.name, target.name)} />}
      </Space>
    </Modal>
  );
}

function BookItem({
  book,
  canMerge,
  onMerge,
  onDelete,
}: {
  book: WordBookBrief;
  canMerge: boolean;
  onMerge: () => void;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  return (
    <List.Item className="gw-row">
      <div className="gw-row-main">
        <Link to={`/wordbook/${book.id}`} className="gw-book-name">
          {book.name}
        </Link>
        <Typography.Text type="secondary">{b.summary(book.word_count, book.simple_count)}</Typography.Text>
      </div>
      <Space wrap size={[4, 4]} className="gw-row-actions">
        <Button
          icon={<ReadOutlined />}
          aria-label={b.actionOf(b.open, book.name)}
          onClick={() => void navigate(`/wordbook/${book.id}`)}
        >
          {b.open}
        </Button>
        <CreateFlashButton
          source="word_book"
          scope={String(book.id)}
          label={b.createFlash}
          aria-label={b.actionOf(b.createFlash, book.name)}
          disabled={book.word_count === 0}
        />
        {canMerge && (
          <Button icon={<MergeCellsOutlined />} aria-label={b.actionOf(b.merge, book.name)} onClick={onMerge}>
            {b.merge}
          </Button>
        )}
        <Button
          danger
          type="text"
          icon={<DeleteOutlined />}
          aria-label={b.actionOf(b.remove, book.name)}
          onClick={onDelete}
        >
          {b.remove}
        </Button>
      </Space>
    </List.Item>
  );
}

/**
 * 生词本: the learner's word books with their counts — open, make a deck, merge into another, delete (every book may
 * be deleted, the default one too: the next '加入生词本' makes it again) — and 新建生词本.
 */
export function BooksCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const { modal, message } = App.useApp();
  const { data, isError } = useQuery(bookListQuery(userId));
  const [creating, setCreating] = useState(false);
  const [merging, setMerging] = useState<WordBookBrief | null>(null);
  const remove = useMutation({
    mutationFn: (book: WordBookBrief) => call(wordCalls.deleteBook, { book_id: book.id }),
    onSuccess: async (_, book) => {
      void message.success(b.removed(book.name));
      await refreshBooks(queryClient, userId, book.id);
    },
  });
  // The confirm's promise says only when it closed; onOk does the work and swallows its own failure (the error
  // catalogue has shown it).
  const onDelete = (book: WordBookBrief) =>
    void modal.confirm({
      title: b.removeTitle,
      content: (
        <>
          <p>{b.removeBody(book.name, book.word_count)}</p>
          {book.name === DEFAULT_WORD_BOOK_NAME && <p>{b.removeDefault(book.name)}</p>}
        </>
      ),
      okText: b.remove,
      okButtonProps: { danger: true },
      cancelText: zh.common.cancel,
      onOk: () => remove.mutateAsync(book).catch(() => undefined),
    });

  const books = data?.books ?? [];
  const full = books.length >= WORD_BOOKS_MAX;
  return (
    <Card
      title={b.title}
      className="gw-card"
      extra={
        <Button icon={<PlusOutlined />} disabled={!data || full} onClick={() => setCreating(true)}>
          {b.create}
        </Button>
      }
    >
      {isError ? (
        <Alert type="error" showIcon title={b.failed} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : books.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={b.empty} />
      ) : (
        <>
          {full && <Typography.Paragraph type="secondary">{b.tooMany(WORD_BOOKS_MAX)}</Typography.Paragraph>}
          <List
            dataSource={books}
            rowKey="id"
            renderItem={(book) => (
              <BookItem
                book={book}
                canMerge={books.length > 1}
                onMerge={() => setMerging(book)}
                onDelete={() => onDelete(book)}
              />
            )}
          />
        </>
      )}
      {creating && (
        <CreateBookDialog taken={books.map((x) => x.name)} userId={userId} onClose={() => setCreating(false)} />
      )}
      {merging && <MergeDialog from={merging} books={books} userId={userId} onClose={() => setMerging(null)} />}
    </Card>
  );
}
