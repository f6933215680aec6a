import { CrownOutlined, LineChartOutlined, LockOutlined, PlayCircleOutlined, TrophyOutlined } from '@ant-design/icons';
import type { CallResponse, examCalls } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../api/effects';
import { currentUserQuery } from '../../api/queries';
import { PageIntro } from '../../components/page-intro';
import { PageSkeleton } from '../../components/page-skeleton';
import { zh } from '../../i18n/zh-CN';
import { openDialog } from '../../state/ui';
import { layout } from '../../theme';
import { quotaText, SimulateDialog, type SimulateQuota } from './create-exam-dialog';
import { simulateListQuery } from './records-queries';
import './records.css';

const s = zh.records.simulate;
type SimulateList = CallResponse<typeof examCalls.simulateList>;
type Mock = SimulateList['mocks'][number];

/** The same dialog the server's refusal would open, at once and without a round trip. */
function explainRefusal(mock: Mock, list: SimulateList, roleName: string): void {
  if (mock.refusal === 'limit') openDialog({ kind: 'upgrade', reason: 'limit' });
  else if (mock.refusal === 'sim_no_perm') {
    // The list refuses a mock only when the simulations are used up: the dialog says how many, and when they renew.
    const limit = list.limit ?? 0;
    const period = list.period === 'week' ? 'week' : 'total';
    const quota = {
      reason: 'simulate',
      subject: null,
      role_name: roleName,
      used: limit - (list.remaining ?? 0),
      limit,
      period,
      renews_at: null,
    } as const;
    openDialog({ kind: 'sim_no_perm', quota });
  } else showToast({ level: 'info', title: s.refusal.forbidden ?? '', key: `mock-${mock.book_id}` });
}

function MockCard({
  mock,
  onStart,
  onRefused,
}: {
  mock: Mock;
  onStart: (mock: Mock) => void;
  onRefused: (mock: Mock) => void;
}) {
  const navigate = useNavigate();
  const refused = mock.refusal !== null;
  const resume = mock.open_exam_id;
  return (
    <Card className={refused ? 'gr-mock gr-mock-closed' : 'gr-mock'}>
      <div className="gr-mock-head">
        <Typography.Title level={4} className="gr-mock-title">
          {mock.title}
        </Typography.Title>
        <Tag color={mock.status === 'Start' ? 'processing' : mock.status === 'Finish' ? 'success' : 'default'}>
          {zh.records.mockStatus[mock.status]}
        </Tag>
      </div>
      {mock.sub_title && (
        <Typography.Paragraph type="secondary" className="gr-mock-sub">
          {mock.sub_title}
        </Typography.Paragraph>
      )}
      <Space size={layout.gutterLarge} className="gr-mock-stats">
        <Statistic
          title={s.best}
          value={mock.best_total ?? s.noBest}
          prefix={mock.best_total !== null ? <TrophyOutlined aria-hidden /> : undefined}
        />
        <Statistic title={s.finishedLabel} value={mock.finished_count} suffix={s.timesUnit} />
      </Space>
      {refused && (
        <Typography.Paragraph className="gr-mock-refusal">
          <LockOutlined aria-hidden /> {s.refusal[mock.refusal ?? ''] ?? ''}
        </Typography.Paragraph>
      )}
      <Space wrap className="gr-mock-actions">
        {resume !== null && (
          <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => void navigate(`/exam/${resume}`)}>
            {s.resume}
          </Button>
        )}
        <Button
          type={resume === null && !refused ? 'primary' : 'default'}
          icon={refused ? <LockOutlined /> : undefined}
          aria-label={`${s.start}：${mock.title}`}
          onClick={() => (refused ? onRefused(mock) : onStart(mock))}
        >
          {s.start}
        </Button>
        {mock.finished_count > 0 && (
          <Link to={`/report/${mock.book_id}`}>
            <LineChartOutlined aria-hidden /> {s.report}
          </Link>
        )}
      </Space>
    </Card>
  );
}

function QuotaAlert({ quota }: { quota: SimulateQuota }) {
  const usedUp = quota.remaining !== null && quota.remaining <= 0;
  return (
    <Alert
      className="gr-quota"
      type={usedUp ? 'warning' : 'info'}
      showIcon
      title={quotaText(quota)}
      action={
        usedUp ? (
          <Button
            size="small"
            icon={<CrownOutlined />}
            onClick={() => openDialog({ kind: 'upgrade', reason: 'limit' })}
          >
            {s.upgrade}
          </Button>
        ) : undefined
      }
    />
  );
}

/** Spec §2 simulate (模考): the mocks with the learner's progress, the quota left, and a dialog to start one. */
export function SimulatePage() {
  const { data, isPending } = useQuery(simulateListQuery);
  const { data: user } = useQuery({ ...currentUserQuery, enabled: false });
  const [starting, setStarting] = useState<Mock | null>(null);
  const quota: SimulateQuota = { remaining: data?.remaining ?? null, period: data?.period ?? 'none' };
  return (
    <>
      <PageIntro title={s.title} intro={s.intro} extra={data && <QuotaAlert quota={quota} />} />
      {isPending ? (
        <PageSkeleton rows={6} />
      ) : !data || data.mocks.length === 0 ? (
        <Empty description={s.empty} />
      ) : (
        <Row gutter={[layout.gutter, layout.gutter]}>
          {data.mocks.map((mock) => (
            <Col key={mock.book_id} xs={24} md={12}>
              <MockCard
                mock={mock}
                onStart={setStarting}
                onRefused={(m) => explainRefusal(m, data, user?.authority.role_name ?? '')}
              />
            </Col>
          ))}
        </Row>
      )}
      {starting && <SimulateDialog mock={starting} quota={quota} onClose={() => setStarting(null)} />}
    </>
  );
}
