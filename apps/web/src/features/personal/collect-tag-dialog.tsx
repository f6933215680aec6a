import { CLIENT_TIMINGS, craftCalls, CRAFT_LIMITS, type CollectTag } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Input, Modal, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { personalKeys, tagsQuery } from './personal-queries';

const t = zh.personal.tags;
const hint = t.hint(CLIENT_TIMINGS.tagNameHint);

/**
 * The collect-tag dialog (spec §2 collect dialog): pick the question's tags and create new ones. The 10-character
 * length is a hint only (spec §5); an empty name is refused here before the server would.
 */
export function CollectTagDialog({
  initial,
  onSave,
  onClose,
  saving,
}: {
  initial: number[];
  onSave: (ids: number[]) => void;
  onClose: () => void;
  saving: boolean;
}) {
  const { message } = App.useApp();
  const { data, isPending } = useQuery(tagsQuery);
  const [picked, setPicked] = useState<number[]>(initial);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (tagName: string) => call(craftCalls.collectAdd, { name: tagName, desp: '' }),
    onSuccess: ({ collect }) => {
      void message.success(t.created);
      setName('');
      setPicked((p) => (p.length < CRAFT_LIMITS.tagsPerCraft ? [...p, collect.id] : p));
      // Shown at once, checked; the refetch then confirms the list.
      queryClient.setQueryData(personalKeys.tags, (old: { collects: CollectTag[] } | undefined) => ({
        collects: [...(old?.collects ?? []), collect],
      }));
      void queryClient.invalidateQueries({ queryKey: personalKeys.tags });
    },
  });
  const submitNew = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t.emptyName);
      return;
    }
    setError(null);
    create.mutate(trimmed);
  };
  const tags = data?.collects ?? [];
  return (
    <Modal
      open
      title={t.title}
      onCancel={onClose}
      destroyOnHidden
      okText={zh.common.save}
      cancelText={zh.common.cancel}
      confirmLoading={saving}
      onOk={() => onSave(picked)}
    >
      <Typography.Text strong>{t.pick}</Typography.Text>
      <div className="gp-tag-pick">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : tags.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.none} />
        ) : (
          <div className="gp-tag-options">
            {tags.map((tag) => (
              <Checkbox
                key={tag.id}
                checked={picked.includes(tag.id)}
                disabled={!picked.includes(tag.id) && picked.length >= CRAFT_LIMITS.tagsPerCraft}
                onChange={(e) =>
                  setPicked((p) => (e.target.checked ? [...p, tag.id] : p.filter((id) => id !== tag.id)))
                }
              >
                {tag.name}
              </Checkbox>
            ))}
          </div>
        )}
      </div>
      <Form layout="vertical" onFinish={submitNew}>
        <Form.Item label={t.newName} validateStatus={error ? 'error' : undefined} help={error ?? hint}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              value={name}
              maxLength={CRAFT_LIMITS.tagName}
              placeholder={hint}
              aria-label={t.newName}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              onPressEnter={(e) => {
                e.preventDefault();
                submitNew();
              }}
            />
            <Button onClick={submitNew} loading={create.isPending}>
              {t.create}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
