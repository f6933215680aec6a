import { EditOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { PERSONAL_SCOPES, type PersonalScope, type User } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Progress, Row, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { seesHigher } from '../../access';
import { PageIntro } from '../../components/page-intro';
import { zh } from '../../i18n/zh-CN';
import { useCurrentUser } from '../auth';
import { usePersonalPractice } from './personal-practice';
import { dueQuery, summaryQuery, tagsQuery } from './personal-queries';
import { ReviewTree } from './review-tree';

const p = zh.personal;

export const visibleScopes = (user: User | null): PersonalScope[] =>
  PERSONAL_SCOPES.filter((s) => !s.startsWith('higher_') || seesHigher(user));

/** Essays at most one practice holds: each gets the Issue's full time (30 minutes by default), so three is already long. */
const ESSAY_COUNTS = [1, 2, 3] as const;

/**
 * 写作练习: write again on Issue prompts the learner has written an essay for (`essays` of get_summary). With none, the
 * card is the way to /idea; a "nothing to draw" answer (an essay removed meanwhile) turns it into that too.
 */
export function EssayPractice({ essays }: { essays: number | undefined }) {
  const [refused, setRefused] = useState(false);
  const [count, setCount] = useState<number>(ESSAY_COUNTS[0]);
  const practice = usePersonalPractice(() => setRefused(true));
  const e = p.essay;
  if (essays === undefined) return <Skeleton active paragraph={{ rows: 2 }} className="gp-essay" />;
  const none = refused || essays === 0;
  const options = ESSAY_COUNTS.filter((n) => n <= essays);
  return (
    <Card
      size="small"
      className="gp-essay"
      title={
        <Space>
          <EditOutlined aria-hidden />
          {e.title}
        </Space>
      }
      extra={none ? null : <Typography.Text type="secondary">{e.written(essays)}</Typography.Text>}
    >
      {none ? (
        <div className="gp-essay-body">
          <Typography.Text>{e.none}</Typography.Text>
          <Link to="/idea" className="gp-essay-action">
            {e.toIdea}
          </Link>
        </div>
      ) : (
        <div className="gp-essay-body">
          <Typography.Text type="secondary">{e.intro}</Typography.Text>
          <Segmented
            aria-label={e.count}
            value={Math.min(count, essays)}
            onChange={setCount}
            options={options.map((n) => ({ value: n, label: e.countOption(n) }))}
          />
          <Button
            type="primary"
            className="gp-essay-action"
            loading={practice.isPending}
            onClick={() => practice.start('essay', Math.min(count, essays))}
          >
            {e.start}
          </Button>
        </div>
      )}
    </Card>
  );
}

/** Counts per page (get_summary) as cards linking to each page, 写作练习 and 错题分布, and the collect tags as a way in by tag. */
export function PersonalIndex() {
  const user = useCurrentUser();
  const { data, isPending } = useQuery(summaryQuery);
  const { data: tags } = useQuery(tagsQuery);
  const count = (scope: PersonalScope) => data?.scopes.find((s) => s.scope === scope)?.total ?? 0;
  return (
    <>
      <PageIntro title={p.index.title} intro={p.index.intro} />
      <Row gutter={[16, 16]} className="gp-scopes">
        {visibleScopes(user).map((scope) => (
          <Col key={scope} xs={12} sm={8} lg={6}>
            <Link to={`/personal/${scope}`} className="gp-scope-link">
              <Card size="small" hoverable className="gp-scope">
                <Typography.Text type="secondary">{p.scopes[scope]}</Typography.Text>
                {isPending ? (
                  <Skeleton.Input active size="small" />
                ) : (
                  <div className="gp-scope-count">{p.index.count(count(scope))}</div>
                )}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} className="gp-index-row">
        <Col xs={24} lg={8}>
          <EssayPractice essays={isPending ? undefined : (data?.essays ?? 0)} />
        </Col>
        <Col xs={24} lg={16}>
          <ReviewTree />
        </Col>
      </Row>
      <Card size="small" title={p.index.byTag} className="gp-bytag">
        {tags?.collects.length ? (
          <Space wrap size={[8, 8]}>
            {tags.collects.map((t) => (
              <Link key={t.id} to={`/personal/collect?tag=${t.id}`}>
                <Tag className="gp-tag-link">{t.name}</Tag>
              </Link>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{p.index.noTags}</Typography.Text>
        )}
      </Card>
    </>
  );
}

/** 今日待复习: the FSRS reviews due today (capped per day) and a button that practises them as an exam. */
export function DueStrip() {
  const { data, isPending } = useQuery(dueQuery);
  const practice = usePersonalPractice();
  if (isPending) return <Skeleton.Input active block className="gp-due" />;
  if (!data) return null;
  const due = data.items.length;
  return (
    <Card
      size="small"
      className="gp-due"
      title={
        <Space>
          <FieldTimeOutlined aria-hidden />
          {p.due.title}
        </Space>
      }
    >
      <div className="gp-due-body">
        <div className="gp-due-text">
          <Typography.Text>
            {due > 0 ? p.due.line(data.due_total, data.done_today, data.daily_cap) : p.due.none}
          </Typography.Text>
          {data.daily_cap > 0 && (
            <Progress
              percent={Math.round((100 * data.done_today) / data.daily_cap)}
              size="small"
              showInfo={false}
              aria-label={p.due.title}
            />
          )}
        </div>
        <Button
          type="primary"
          disabled={due === 0}
          loading={practice.isPending}
          onClick={() => practice.start('due', due)}
        >
          {p.due.start}
        </Button>
      </div>
    </Card>
  );
}
