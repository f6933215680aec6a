import { List, Segmented, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { assistantCopy } from '../../i18n/zh-CN.assistant';
import { AdminList } from '../admin';
import { assistantUsageQuery } from '../assistant';

const u = assistantCopy.usage;
const SPANS = [7, 14, 30] as const;

interface DayRow {
  id: string;
  day: string;
  questions: number;
  learners: number;
  by_model: number;
  builtin: number;
  withheld: number;
}

const FIGURES = [
  ['questions', u.questions],
  ['learners', u.learners],
  ['by_model', u.byModel],
  ['builtin', u.builtin],
  ['withheld', u.withheld],
] as const;

/**
 * /operate 助教使用 (issue 18): the assistant's use by day — questions asked, learners asking, answered by the model or
 * the built-in assistant, withheld — aggregates only, never a conversation. A table on wider screens, cards on a phone.
 */
export function AssistantUsage() {
  const [days, setDays] = useState<number>(14);
  const query = useQuery(assistantUsageQuery(days));
  const list = {
    data: query.data ? { items: query.data.days.map((d) => ({ id: d.day, ...d })) } : undefined,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {u.intro}
      </Typography.Paragraph>
      <Segmented<number> value={days} onChange={setDays} options={SPANS.map((n) => ({ value: n, label: u.span(n) }))} />
      <AdminList<DayRow>
        list={list}
        page={1}
        onPage={() => {}}
        pageSize={days}
        loadFailed={u.failed}
        empty={u.empty}
        columns={[
          { key: 'day', dataIndex: 'day', title: u.day },
          ...FIGURES.map(([key, title]) => ({
            key,
            dataIndex: key,
            title: key === 'withheld' ? <span title={u.withheldHint}>{title}</span> : title,
            align: 'right' as const,
          })),
        ]}
        renderCard={(row) => (
          <List.Item>
            <Space orientation="vertical" size={2}>
              <Typography.Text strong>{row.day}</Typography.Text>
              <Typography.Text>{FIGURES.map(([key, title]) => `${title} ${row[key]}`).join(' · ')}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
