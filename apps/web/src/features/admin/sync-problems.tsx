import type { ContentProblem } from '@gre/contracts';
import { Empty, Input, List, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';

const p = zh.sync.problems;

/** Problems shown per page: thousands of them stay quick to scroll and filter. */
export const PROBLEMS_PAGE_SIZE = 20;

/** Problems matching a file (or every file) and a text found in the path or the message. */
export function filterProblems(problems: ContentProblem[], file: string | null, text: string): ContentProblem[] {
  const needle = text.trim().toLowerCase();
  return problems.filter(
    (x) =>
      (file === null || x.file === file) &&
      (!needle || x.path.toLowerCase().includes(needle) || x.message.toLowerCase().includes(needle)),
  );
}

/** Every problem of a dry run with its file and JSON path, filterable by file and text, a page at a time. */
export function ProblemTable({ problems }: { problems: ContentProblem[] }) {
  const phone = useIsPhone();
  const [file, setFile] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const files = useMemo(() => {
    const counts = new Map<string, number>();
    for (const x of problems) counts.set(x.file, (counts.get(x.file) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [problems]);
  const shown = useMemo(() => filterProblems(problems, file, text), [problems, file, text]);
  const rows = useMemo(() => shown.map((x, i) => ({ ...x, key: i })), [shown]);
  const pagination = {
    current: page,
    pageSize: PROBLEMS_PAGE_SIZE,
    total: rows.length,
    onChange: setPage,
    showSizeChanger: false,
    size: 'small' as const,
    hideOnSinglePage: true,
  };

  return (
    <div className="gs-problems">
      <Space wrap className="gs-problem-filters">
        <Select
          aria-label={p.file}
          className="gs-problem-file"
          value={file ?? ''}
          onChange={(v: string) => {
            setFile(v === '' ? null : v);
            setPage(1);
          }}
          options={[
            { value: '', label: p.allFiles },
            ...files.map(([name, n]) => ({ value: name, label: `${name}（${n}）` })),
          ]}
          popupMatchSelectWidth={false}
        />
        <Input.Search
          allowClear
          aria-label={p.search}
          placeholder={p.search}
          className="gs-problem-search"
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
        />
        <Typography.Text type="secondary">{p.count(shown.length, problems.length)}</Typography.Text>
      </Space>
      {phone ? (
        <List
          size="small"
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={p.none} /> }}
          renderItem={(x) => (
            <List.Item className="gs-problem-item">
              <div>
                <Typography.Text strong className="gs-mono">
                  {x.file}
                </Typography.Text>
                <Typography.Text code className="gs-mono gs-path">
                  {x.path}
                </Typography.Text>
                <div>{x.message}</div>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table
          size="small"
          dataSource={rows}
          pagination={pagination}
          locale={{ emptyText: p.none }}
          columns={[
            {
              title: p.file,
              dataIndex: 'file',
              width: '22%',
              render: (v: string) => <span className="gs-mono">{v}</span>,
            },
            {
              title: p.path,
              dataIndex: 'path',
              width: '34%',
              render: (v: string) => (
                <Typography.Text code className="gs-mono gs-path">
                  {v}
                </Typography.Text>
              ),
            },
            { title: p.message, dataIndex: 'message' },
          ]}
        />
      )}
    </div>
  );
}
