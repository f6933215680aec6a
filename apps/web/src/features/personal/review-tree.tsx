import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { zh } from '../../i18n/zh-CN';
import { categoryConfigQuery, useBankNames } from '../questions';
import { writeParams, type PersonalParams } from './personal-filters';
import { reviewTreeQuery } from './personal-queries';

const t = zh.personal.tree;

/**
 * Where a row of the tree opens: the wrongs page with the row's filters, through the same URL params the page reads.
 * A row with notes but no wrong answer opens the note page instead, so a click never lands on an empty list.
 */
export function treeLink(counts: { wrong: number; noted: number }, category: number, kind?: string): string {
  const page = counts.wrong === 0 && counts.noted > 0 ? 'note' : 'wrongs';
  const params: PersonalParams = { category: category as PersonalParams['category'], kind, time: 'all', page: 1 };
  const query = new URLSearchParams(writeParams(params)).toString();
  return `/personal/${page}${query ? `?${query}` : ''}`;
}

/** 错题分布 (spec §7 /api/review/get_tree): wrong and noted counts by category → kind, with each kind's reasons. */
export function ReviewTree() {
  const names = useBankNames();
  const { data, isPending, isError, refetch } = useQuery(reviewTreeQuery);
  // The names come from the category config: wait for it rather than flash ids and placeholders.
  const { isPending: namesPending } = useQuery(categoryConfigQuery);
  return (
    <Card size="small" title={t.title} className="gp-tree-card">
      <Typography.Paragraph type="secondary" className="gp-tree-intro">
        {t.intro}
      </Typography.Paragraph>
      {isError ? (
        <Empty description={t.failed}>
          <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
            {zh.common.retry}
          </Button>
        </Empty>
      ) : isPending || namesPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data.categories.length === 0 ? (
        <Empty description={t.empty}>
          <Link to="/exercise_list">{t.emptyAction}</Link>
        </Empty>
      ) : (
        <ul className="gp-tree" aria-label={t.title}>
          {data.categories.map((c) => (
            <li key={c.category}>
              <div className="gp-tree-row gp-tree-category">
                <Link to={treeLink(c, c.category)}>{names.category(c.category)}</Link>
                <Typography.Text type="secondary">{t.counts(c.wrong, c.noted)}</Typography.Text>
              </div>
              <ul>
                {c.kinds.map((k) => (
                  <li key={k.kind}>
                    <div className="gp-tree-row">
                      <Link to={treeLink(k, c.category, k.kind)}>{names.kind(k.kind)}</Link>
                      <Typography.Text type="secondary">{t.counts(k.wrong, k.noted)}</Typography.Text>
                    </div>
                    {k.reasons.length > 0 && (
                      <ul className="gp-tree-reasons" aria-label={t.reasonsLabel(names.kind(k.kind))}>
                        {k.reasons.map((r) => (
                          <li key={r.reason}>
                            <Tag>{t.reason(r.reason, r.count)}</Tag>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
