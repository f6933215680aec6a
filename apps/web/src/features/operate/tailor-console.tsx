import { shanghaiDay, tailorCalls, type TailoredBook } from '@gre/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, List, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client';
import { reportError } from '../../api/query-client';
import { useIsPhone } from '../../components/use-is-phone';
import { tailorCopy } from '../../i18n/zh-CN.tailor';
import { LearnerSearch } from './learner-search';
import { TailorEditor, type TailorSaved } from './tailor-editor';

const c = tailorCopy.console;
const listKey = (userId: number) => ['tailor', 'list', userId] as const;

/** A learner id as the URL holds it: a positive whole number, or null. */
export function parseLearnerId(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

/**
 * 定制题本 in /operate (teachers and admins): find a learner by phone, e-mail, name or id and pick them (kept in the URL
 * as `learner`), see their tailored books and how many more may be built for them, build or edit one in the editor,
 * delete one.
 */
export function TailorConsole() {
  const { message } = App.useApp();
  const phone = useIsPhone();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const learnerId = parseLearnerId(params.get('learner') ?? '');
  const [editing, setEditing] = useState<{ book: TailoredBook | null } | null>(null);

  const list = useQuery({
    queryKey: listKey(learnerId ?? 0),
    queryFn: () => call(tailorCalls.list, { user_id: learnerId! }, { quiet: true }),
    enabled: learnerId !== null,
    staleTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
  const missing = list.error instanceof ApiError && list.error.kind === 'not_found';
  // An unknown learner is said in place; anything else (an expired login, the network) goes to the catalogue once.
  useEffect(() => {
    if (list.error && !(list.error instanceof ApiError && list.error.kind === 'not_found')) reportError(list.error);
  }, [list.error]);

  const remove = useMutation({
    mutationFn: (id: number) => call(tailorCalls.delete, { id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey(learnerId ?? 0) });
      void message.success(c.removed);
    },
  });

  const pick = useCallback(
    (id: number) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('learner', String(id));
        return next;
      }),
    [setParams],
  );

  const saved = (result: TailorSaved, created: boolean) => {
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: listKey(result.book.user_id) });
    void message.success(created ? tailorCopy.editor.createdUses(result.custom_tailor_uses) : tailorCopy.editor.saved);
  };

  const data = list.data;
  const label = data ? c.learner(data.user_name, data.user_id) : '';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <LearnerSearch picked={learnerId} onPick={pick} />
      {learnerId === null ? null : missing ? (
        <Alert type="warning" showIcon title={c.notFound} />
      ) : list.isPending ? (
        <Skeleton active />
      ) : data ? (
        <Card title={label}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Tag color={data.custom_tailor_uses > 0 ? 'green' : 'default'}>{c.usesLeft(data.custom_tailor_uses)}</Tag>
            <Button type="primary" disabled={data.custom_tailor_uses === 0} onClick={() => setEditing({ book: null })}>
              {c.create}
            </Button>
          </Space>
          {data.custom_tailor_uses === 0 && (
            <Alert type="info" showIcon title={c.noUses} style={{ marginBottom: 12 }} />
          )}
          {data.books.length === 0 ? (
            <Empty description={c.none} />
          ) : (
            <List
              dataSource={data.books}
              itemLayout={phone ? 'vertical' : 'horizontal'}
              renderItem={(book) => (
                <List.Item
                  actions={[
                    <Button key="edit" type="link" onClick={() => setEditing({ book })}>
                      {c.edit}
                    </Button>,
                    <Popconfirm
                      key="remove"
                      title={c.removeConfirm(book.name)}
                      okText={c.remove}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate(book.id)}
                    >
                      <Button type="link" danger>
                        {c.remove}
                      </Button>
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={book.name}
                    description={
                      <Space orientation="vertical" size={0}>
                        <Typography.Text type="secondary">
                          {c.book(book.question_ids.length, shanghaiDay(book.updated_stamp))}
                        </Typography.Text>
                        {book.teacher_name && (
                          <Typography.Text type="secondary">{c.by(book.teacher_name)}</Typography.Text>
                        )}
                      </Space>
                    }
                  />
                </List.Item>
              )}
            />
          )}
        </Card>
      ) : null}
      {editing && data && (
        <TailorEditor
          learner={{ id: data.user_id, label }}
          book={editing.book}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </Space>
  );
}
