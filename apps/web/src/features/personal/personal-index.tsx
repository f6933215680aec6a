import { FieldTimeOutlined } from '@ant-design/icons';
import { FILTER_EXAM_MAX, PERSONAL_SCOPES, type PersonalScope, type User } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Progress, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { useCurrentUser } from '../auth/session';
import { PageIntro } from '../bank/book-shelf';
import { useCreateExam } from '../records/records-queries';
import { seesHigher } from './higher-access';
import { dueQuery, summaryQuery, tagsQuery } from './personal-queries';

const p = zh.personal;

export const visibleScopes = (user: User | null): PersonalScope[] => PERSONAL_SCOPES.filter((s) => !s.startsWith('higher_') || seesHigher(user));

/** Counts per page (get_summary) as cards linking to each page, and the collect tags as a way in by tag. */
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
                {isPending ? <Skeleton.Input active size="small" /> : <div className="gp-scope-count">{p.index.count(count(scope))}</div>}
              </Card>
            </Link>
          </Col>
        ))}
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
  const create = useCreateExam();
  if (isPending) return <Skeleton.Input active block className="gp-due" />;
  if (!data) return null;
  const due = data.items.length;
  return (
    <Card size="small" className="gp-due" title={<Space><FieldTimeOutlined aria-hidden />{p.due.title}</Space>}>
      <div className="gp-due-body">
        <div className="gp-due-text">
          <Typography.Text>{due > 0 ? p.due.line(data.due_total, data.done_today, data.daily_cap) : p.due.none}</Typography.Text>
          {data.daily_cap > 0 && <Progress percent={Math.round((100 * data.done_today) / data.daily_cap)} size="small" showInfo={false} aria-label={p.due.title} />}
        </div>
        <Button
          type="primary"
          disabled={due === 0}
          loading={create.isPending}
          onClick={() => create.mutate({ request: { source: 'personal', scope: 'due', count: Math.min(due, FILTER_EXAM_MAX) } })}
        >
          {p.due.start}
        </Button>
      </div>
    </Card>
  );
}
