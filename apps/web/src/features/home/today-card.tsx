import { LIMITS, QUOTA_SUBJECT_NAMES, userCalls, type Daily, type User } from '@gre/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, InputNumber, Progress, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/client';
import { zh } from '../../i18n/zh-CN';
import { layout } from '../../theme';
import { dailyQuery, quotaTodayQuery, summaryKeys } from './home-queries';
import { useUserUpdate } from './profile-cards';

const h = zh.home;
const t = h.today;

/** The number of questions aimed at each day (update_today_aim, LIMITS.todayAim); saving refreshes the progress. */
function AimEditor({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [aim, setAim] = useState<number | null>(user.data.today_aim);
  const update = useUserUpdate(
    (value: number) => call(userCalls.updateTodayAim, { aim: value }),
    () => void queryClient.invalidateQueries({ queryKey: summaryKeys.daily }),
  );
  const { min, max } = LIMITS.todayAim;
  const changed = aim !== null && aim !== user.data.today_aim;
  return (
    <div>
      <Typography.Text strong>{h.todayAim}</Typography.Text>
      <Space wrap style={{ display: 'flex', marginTop: layout.gutter / 2 }}>
        <InputNumber
          size="large"
          min={min}
          max={max}
          precision={0}
          value={aim}
          onChange={setAim}
          suffix={h.todayAimUnit}
          aria-label={h.todayAim}
          style={{ width: '10em' }}
          onPressEnter={() => changed && update.mutate(aim)}
        />
        <Button
          type="primary"
          size="large"
          disabled={!changed}
          loading={update.isPending}
          onClick={() => aim !== null && update.mutate(aim)}
        >
          {zh.common.save}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: layout.gutter / 2, marginBottom: 0 }}>
        {h.todayAimHint(min, max)}
      </Typography.Paragraph>
    </div>
  );
}

function AimProgress({ daily }: { daily: Daily }) {
  if (daily.aim_progress === null) return null;
  const reached = daily.aim_progress >= 100;
  return (
    <div className="gr-aim-progress">
      <Typography.Text>{reached ? t.aimReached : t.aimProgress(daily.questions, daily.today_aim)}</Typography.Text>
      <Progress
        percent={Math.round(daily.aim_progress)}
        status={reached ? 'success' : 'active'}
        aria-label={t.aimProgressLabel}
      />
    </div>
  );
}

function Figures({ daily }: { daily: Daily }) {
  const figures = [
    { key: 'questions', title: t.questions, value: daily.questions, suffix: t.questionsUnit },
    {
      key: 'accuracy',
      title: t.accuracy,
      value: daily.accuracy ?? t.dash,
      suffix: daily.accuracy === null ? undefined : '%',
    },
    { key: 'time', title: t.time, value: zh.records.duration(daily.used_time_seconds) },
    { key: 'words', title: t.words, value: daily.words, suffix: t.wordsUnit },
  ];
  return (
    <Row gutter={[layout.gutter, layout.gutter]} className="gr-today-figures">
      {figures.map((f) => (
        <Col key={f.key} xs={12} sm={6}>
          <Statistic title={f.title} value={f.value} suffix={f.suffix} />
        </Col>
      ))}
    </Row>
  );
}

/** Today's quota as the refusals count it: opened questions per subject (and the trial's total), with their limits. */
function QuotaLine() {
  const { data } = useQuery(quotaTodayQuery);
  if (!data || (data.total.limit === null && data.subjects.every((x) => x.limit === null))) return null;
  const parts = data.subjects.map((x) => t.quotaSubject(QUOTA_SUBJECT_NAMES[x.subject], x.used, x.limit));
  if (data.total.limit !== null) parts.push(t.quotaTotal(data.total.used, data.total.limit));
  return (
    <div className="gr-quota-line">
      <Typography.Text strong>{t.quotaTitle(data.role_name)}</Typography.Text>{' '}
      {parts.map((part, i) => (
        <span key={part} className="gr-quota-part">
          {i > 0 && ' · '}
          {part}
        </span>
      ))}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t.quotaHint}
      </Typography.Paragraph>
    </div>
  );
}

/** Today at a glance: the aim (editable) with its progress bar, and the day's questions, accuracy, time and words. */
export function TodayCard({ user }: { user: User }) {
  const daily = useQuery(dailyQuery);
  return (
    <Card title={t.title} className="gr-home-card">
      <Row gutter={[layout.gutterLarge, layout.gutter]}>
        <Col xs={24} lg={10}>
          <AimEditor user={user} />
        </Col>
        <Col xs={24} lg={14}>
          {daily.data ? (
            <>
              <AimProgress daily={daily.data} />
              <Figures daily={daily.data} />
              <QuotaLine />
            </>
          ) : daily.isError ? (
            <Space wrap>
              <Typography.Text type="secondary">{t.failed}</Typography.Text>
              <Button onClick={() => void daily.refetch()}>{zh.common.retry}</Button>
            </Space>
          ) : (
            <Skeleton active paragraph={{ rows: 3 }} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
