import {
  DIFFICULTIES,
  EDITOR_KIND_LIST,
  EDITOR_STATUSES,
  type CallRequest,
  type EditorKind,
  type EditorLine,
  type editorCalls,
} from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { editorCopy } from '../../i18n/zh-CN.editor';
import { downloadExport, EDITOR_PAGE_SIZE, listQuery } from './editor-queries';

const l = editorCopy.list;
const STATUS_COLORS: Record<string, string> = { published: 'green', draft: 'orange', modified: 'blue' };
type Filter = CallRequest<typeof editorCalls.find>;

const options = (values: readonly string[], names: Record<string, string>) => [
  { value: '', label: l.all },
  ...values.map((v) => ({ value: v, label: names[v] ?? v })),
];

/** Find a question (id, kind, difficulty, status, a word of the stem), open one, or start a new one of a kind. */
export function EditorList({
  onOpen,
  onNew,
}: {
  onOpen: (line: EditorLine) => void;
  onNew: (kind: EditorKind) => void;
}) {
  const [filter, setFilter] = useState<Filter>({ query: '', page: 1, page_size: EDITOR_PAGE_SIZE });
  const [newKind, setNewKind] = useState<EditorKind>('tc1');
  const [since, setSince] = useState<Dayjs | null>(() => dayjs().startOf('day'));
  const { data, isFetching } = useQuery(listQuery(filter));
  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, page: 1, ...change }));
  const pick = (key: 'kind' | 'difficulty' | 'status') => (v: string) =>
    setFilter((f) => {
      const next: Filter = { ...f, page: 1 };
      if (v) (next as Record<string, unknown>)[key] = v;
      else delete next[key];
      return next;
    });

  return (
    <div className="ged-list">
      <Space wrap className="ged-filters">
        <Input.Search
          aria-label={l.search}
          placeholder={l.searchPlaceholder}
          allowClear
          maxLength={64}
          onSearch={(query) => set({ query: query.trim() })}
        />
        <Select
          aria-label={l.kind}
          className="ged-select"
          value={filter.kind ?? ''}
          onChange={pick('kind')}
          options={options(EDITOR_KIND_LIST, editorCopy.kinds)}
        />
        <Select
          aria-label={l.difficulty}
          className="ged-select"
          value={filter.difficulty ?? ''}
          onChange={pick('difficulty')}
          options={options(DIFFICULTIES, editorCopy.difficulties)}
        />
        <Select
          aria-label={l.status}
          className="ged-select"
          value={filter.status ?? ''}
          onChange={pick('status')}
          options={options(EDITOR_STATUSES, editorCopy.statuses)}
        />
      </Space>
      <Space wrap className="ged-new">
        <Select
          aria-label={l.newKind}
          className="ged-select"
          value={newKind}
          onChange={setNewKind}
          options={EDITOR_KIND_LIST.map((k) => ({ value: k, label: editorCopy.kinds[k] }))}
        />
        <Button type="primary" onClick={() => onNew(newKind)}>
          {l.newQuestion}
        </Button>
      </Space>
      <Table<EditorLine>
        size="small"
        rowKey={(r) => r.question_id ?? `draft-${r.draft_id}`}
        loading={isFetching}
        dataSource={data?.items ?? []}
        locale={{ emptyText: l.empty }}
        pagination={{
          current: filter.page ?? 1,
          pageSize: EDITOR_PAGE_SIZE,
          total: data?.page_control.total ?? 0,
          showSizeChanger: false,
          showTotal: l.total,
          onChange: (page) => setFilter((f) => ({ ...f, page })),
        }}
        columns={[
          {
            title: l.columns.id,
            key: 'id',
            render: (_, r) => (
              <div>
                <div>{r.question_id ?? l.noId}</div>
                {/* On a phone the kind and difficulty columns give way to the brief: they come under the id. */}
                <Typography.Text type="secondary" className="ged-phone-only">
                  {editorCopy.kinds[r.kind] ?? r.kind} · {editorCopy.difficulties[r.difficulty] ?? r.difficulty}
                </Typography.Text>
              </div>
            ),
            width: 120,
          },
          {
            title: l.columns.kind,
            key: 'kind',
            responsive: ['md'],
            render: (_, r) => editorCopy.kinds[r.kind] ?? r.kind,
            width: 110,
          },
          {
            title: l.columns.difficulty,
            key: 'difficulty',
            responsive: ['md'],
            render: (_, r) => editorCopy.difficulties[r.difficulty] ?? r.difficulty,
            width: 70,
          },
          {
            title: l.columns.brief,
            key: 'brief',
            render: (_, r) => (
              <div>
                <div>{r.brief}</div>
                <Typography.Text type="secondary" className="ged-preview-line">
                  {r.preview}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: l.columns.status,
            key: 'status',
            render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{editorCopy.statuses[r.status]}</Tag>,
            width: 96,
          },
          {
            title: l.columns.action,
            key: 'action',
            width: 72,
            render: (_, r) => (
              <Button size="small" onClick={() => onOpen(r)} aria-label={l.editLabel(r.question_id ?? l.noId)}>
                {l.edit}
              </Button>
            ),
          },
        ]}
      />
      <div className="ged-export">
        <Typography.Text>{l.exportSince}</Typography.Text>
        <Space wrap>
          <DatePicker aria-label={l.exportSince} value={since} onChange={setSince} />
          <Button
            disabled={!since}
            onClick={() =>
              since && void downloadExport({ since_stamp: Math.floor(since.startOf('day').valueOf() / 1000) })
            }
          >
            {l.exportSinceButton}
          </Button>
        </Space>
        <Typography.Text type="secondary">{l.exportSinceHelp}</Typography.Text>
      </div>
    </div>
  );
}
