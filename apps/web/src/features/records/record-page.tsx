import { DeleteOutlined, EyeOutlined, LineChartOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { EXAM_KINDS, type ExamBrief, examCalls, type ExamKind, shanghaiDay } from '@gre/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  List,
  Pagination,
  Segmented,
  Skeleton,
  Space,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { PageIntro } from '../../components/page-intro';
import { useIsPhone } from '../../components/use-is-phone';
import { zh } from '../../i18n/zh-CN';
import { briefResult, ExamKindTag, ExamStatusTag } from './exam-labels';
import { examListQuery, RECORD_PAGE_SIZE, recordKeys } from './records-queries';
import './records.css';

const t = zh.records.record;
const FILTERS = ['all', 'simulate', 'book', 'filter', 'personal'] as const;

/** The record's kind filter and page live in the URL, so a reload or a back button keeps them. */
export function recordParams(params: URLSearchParams): { kind: ExamKind | undefined; page: number } {
  const raw = params.get('kind');
  const kind = (EXAM_KINDS as readonly string[]).includes(raw ?? '') ? (raw as ExamKind) : undefined;
  const page = Math.max(1, Math.min(1000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  return { kind, page };
}

function Actions({ exam, onDelete }: { exam: ExamBrief; onDelete: (e: ExamBrief) => void }) {
  const navigate = useNavigate();
  const finished = exam.status === 'Finished';
  return (
    <Space wrap size={[4, 4]}>
      {finished ? (
        <Button size="small" icon={<EyeOutlined />} onClick={() => void navigate(`/exam/${exam.id}`)}>
          {t.view}
        </Button>
      ) : (
        <Button
          size="small"
          type="primary"
          icon={<PlayCircleOutlined />}
          onClick={() => void navigate(`/exam/${exam.id}`)}
        >
          {t.resume}
        </Button>
      )}
      {finished && exam.template_id && (
        <Link to={`/report/${exam.template_id}`} className="gr-trend-link">
          <LineChartOutlined aria-hidden /> {t.trend}
        </Link>
      )}
      <Button
        size="small"
        danger
        type="text"
        icon={<DeleteOutlined />}
        aria-label={`${t.remove}：${exam.name}`}
        onClick={() => onDelete(exam)}
      >
        {t.remove}
      </Button>
    </Space>
  );
}

function columns(onDelete: (e: ExamBrief) => void): TableColumnsType<ExamBrief> {
  const c = t.columns;
  return [
    {
      title: c.name,
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
    },
    {
      title: c.kind,
      dataIndex: 'kind',
      key: 'kind',
      width: 100,
      render: (_: unknown, e) => <ExamKindTag exam={e} />,
    },
    {
      title: c.status,
      dataIndex: 'status',
      key: 'status',
      width: 110,
      render: (_: unknown, e) => <ExamStatusTag status={e.status} />,
    },
    {
      title: c.progress,
      key: 'progress',
      width: 100,
      render: (_: unknown, e) => t.progress(e.answered_count, e.question_count),
    },
    { title: c.score, key: 'score', render: (_: unknown, e) => briefResult(e) },
    { title: c.date, key: 'date', width: 120, render: (_: unknown, e) => shanghaiDay(e.created_at) },
    {
      title: c.actions,
      key: 'actions',
      width: 260,
      render: (_: unknown, e) => <Actions exam={e} onDelete={onDelete} />,
    },
  ];
}

/** Phone width: one card-like row per record instead of a table (ui.md). */
function RecordList({ items, onDelete }: { items: ExamBrief[]; onDelete: (e: ExamBrief) => void }) {
  return (
    <List
      className="gr-record-list"
      dataSource={items}
      renderItem={(e) => (
        <List.Item key={e.id}>
          <div className="gr-record-item">
            <Typography.Text strong>{e.name}</Typography.Text>
            <Space wrap size={[4, 4]}>
              <ExamKindTag exam={e} />
              <ExamStatusTag status={e.status} />
              <Typography.Text type="secondary">{shanghaiDay(e.created_at)}</Typography.Text>
            </Space>
            <Typography.Text>
              {[t.progress(e.answered_count, e.question_count), briefResult(e)]
                .filter((x) => x !== zh.records.report.dash)
                .join(' · ')}
            </Typography.Text>
            <Actions exam={e} onDelete={onDelete} />
          </div>
        </List.Item>
      )}
    />
  );
}

/** Spec §2 record (练习记录): every exam and practice, newest first, by kind, resumable, removable. */
export function RecordPage() {
  const phone = useIsPhone();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const { kind, page } = recordParams(params);
  const { data, isPending } = useQuery(examListQuery(page, kind));
  const go = (next: { kind?: ExamKind; page?: number }) => {
    const out: Record<string, string> = {};
    if (next.kind) out.kind = next.kind;
    if (next.page && next.page > 1) out.page = String(next.page);
    setParams(out);
  };
  const remove = useMutation({
    mutationFn: (exam: ExamBrief) => call(examCalls.delete, { id: exam.id }),
    onSuccess: async () => {
      void message.success(t.removed);
      // The last row of a later page gone: step back rather than show an empty page.
      if (data && data.items.length === 1 && page > 1) go({ kind, page: page - 1 });
      await queryClient.invalidateQueries({ queryKey: recordKeys.all });
    },
  });
  // The confirm dialog's promise only says when it closed; onOk does the work and swallows its own failure (the
  // catalogue has shown it), so nothing waits on it.
  const onDelete = (exam: ExamBrief) =>
    void modal.confirm({
      title: t.removeTitle,
      content: t.removeBody(exam.name),
      okText: t.remove,
      okButtonProps: { danger: true },
      cancelText: zh.common.cancel,
      onOk: () => remove.mutateAsync(exam).catch(() => undefined),
    });

  const items = data?.items ?? [];
  return (
    <>
      <PageIntro title={t.title} intro={t.intro} />
      <Segmented
        aria-label={t.filterLabel}
        className="gr-filter"
        value={kind ?? 'all'}
        onChange={(v) => go({ kind: v === 'all' ? undefined : (v as ExamKind) })}
        options={FILTERS.map((f) => ({ value: f, label: t.filters[f] }))}
      />
      <Card className="gr-records">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : items.length === 0 ? (
          <Empty description={t.empty}>
            <Button type="primary" onClick={() => void navigate('/simulate')}>
              {t.emptyAction}
            </Button>
          </Empty>
        ) : (
          <>
            {phone ? (
              <RecordList items={items} onDelete={onDelete} />
            ) : (
              <Table<ExamBrief>
                rowKey="id"
                columns={columns(onDelete)}
                dataSource={items}
                pagination={false}
                size="middle"
              />
            )}
            <div className="gr-pager">
              <Typography.Text type="secondary">{t.total(data?.total ?? 0)}</Typography.Text>
              <Pagination
                current={page}
                pageSize={RECORD_PAGE_SIZE}
                total={data?.total ?? 0}
                showSizeChanger={false}
                hideOnSinglePage
                size={phone ? 'small' : undefined}
                onChange={(p) => go({ kind, page: p })}
              />
            </div>
          </>
        )}
      </Card>
    </>
  );
}
