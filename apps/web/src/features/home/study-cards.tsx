import {
  AppstoreOutlined,
  FieldTimeOutlined,
  LineChartOutlined,
  RightOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { openAssistant } from '../../state/ui';
import { usePersonalPractice } from '../personal';
import { ExamStatusTag, examListQuery } from '../records';
import { lastUnfinished, reviewableToday, reviewDueQuery } from './home-queries';

const h = zh.home;

/** 今日待复习: the wrong questions FSRS says are due, never more than the daily cap leaves; 开始复习 makes them an exam. */
export function DueCard() {
  const { data, isError } = useQuery(reviewDueQuery);
  const practice = usePersonalPractice();
  const d = h.due;
  const count = data ? reviewableToday(data) : 0;
  const start = () => practice.start('due', count);
  return (
    <Card title={d.title} className="gr-home-card" extra={<Link to="/personal/wrongs">{d.wrongs}</Link>}>
      {data ? (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Statistic value={count} suffix={zh.home.today.questionsUnit} aria-label={`${d.title} ${d.count(count)}`} />
          <Typography.Text type="secondary">{d.progress(data.done_today, data.daily_cap)}</Typography.Text>
          {count === 0 && <Typography.Text>{data.due_total > 0 ? d.capReached : d.none}</Typography.Text>}
          {count > 0 && data.due_total > count && (
            <Typography.Text type="secondary">{d.more(data.due_total - count)}</Typography.Text>
          )}
          <Button type="primary" size="large" disabled={count === 0} loading={practice.isPending} onClick={start}>
            {d.start}
          </Button>
        </Space>
      ) : isError ? (
        <Typography.Text type="secondary">{d.failed}</Typography.Text>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}

/** 继续上次练习: the newest exam that is not finished, straight back into /exam/{id}. */
export function ResumeCard() {
  const navigate = useNavigate();
  const { data } = useQuery(examListQuery(1, undefined));
  const r = h.resume;
  const last = data ? lastUnfinished(data.items) : undefined;
  return (
    <Card title={r.title} className="gr-home-card">
      {!data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : last ? (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text strong ellipsis={{ tooltip: last.name }}>
            {last.name}
          </Typography.Text>
          <Space wrap size={8}>
            <ExamStatusTag status={last.status} />
            <Typography.Text type="secondary">
              {zh.records.record.progress(last.answered_count, last.question_count)}
            </Typography.Text>
          </Space>
          <Button
            type="primary"
            size="large"
            icon={<RightOutlined />}
            iconPlacement="end"
            onClick={() => void navigate(`/exam/${last.id}`)}
          >
            {r.button}
          </Button>
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r.none}>
          <Link to="/simulate">{r.start}</Link>
        </Empty>
      )}
    </Card>
  );
}

/** A quick entry: a link to a page, or (`to` a function) a button that opens a dialog. */
function QuickLink({
  to,
  icon,
  title,
  hint,
}: {
  to: string | (() => void);
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  const inside = (
    <>
      <span className="gr-quick-icon" aria-hidden>
        {icon}
      </span>
      <span>
        <Typography.Text strong>{title}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </span>
    </>
  );
  return typeof to === 'string' ? (
    <Link to={to} className="gr-quick-link">
      {inside}
    </Link>
  ) : (
    <button type="button" onClick={to} className="gr-quick-link">
      {inside}
    </button>
  );
}

/** 快速开始: the mock exams, the big bank and the growth analysis. */
export function QuickLinks() {
  const q = h.quick;
  return (
    <Card title={q.title} className="gr-home-card">
      <div className="gr-quick-links">
        <QuickLink to="/simulate" icon={<FieldTimeOutlined />} title={q.simulate} hint={q.simulateHint} />
        <QuickLink to="/exercise_list/big" icon={<AppstoreOutlined />} title={q.big} hint={q.bigHint} />
        <QuickLink to="/analyze" icon={<LineChartOutlined />} title={q.analyze} hint={q.analyzeHint} />
        <QuickLink to={openAssistant} icon={<RobotOutlined />} title={q.assistant} hint={q.assistantHint} />
      </div>
    </Card>
  );
}
