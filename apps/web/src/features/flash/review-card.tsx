import { FLASH_SOURCES } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { flashCopy } from '../../i18n/zh-CN.flash';
import { reviewDueQuery, useCreateFlash } from './flash-queries';

const r = flashCopy.review;

/**
 * 今日待复习单词 (home): mastered words FSRS says are due today, never more than what is left of the daily cap.
 * '开始复习' makes them a review deck (no coins) and opens it.
 */
export function FlashReviewCard() {
  const { data, isError } = useQuery(reviewDueQuery);
  const create = useCreateFlash();
  const count = data?.due_today ?? 0;
  const start = () =>
    create.mutate({
      range_kind: FLASH_SOURCES.review,
      scope: '',
      limit: count,
      exclude_used: false,
      exclude_correct: false,
      exclude_flashed: false,
    });
  return (
    <Card title={r.title} className="gr-home-card" extra={<Link to="/word">{r.words}</Link>}>
      {data ? (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Statistic value={count} suffix={r.unit} aria-label={r.count(count)} />
          <Typography.Text type="secondary">{r.progress(data.reviewed_today, data.cap)}</Typography.Text>
          <Typography.Text type="secondary">{r.inReview(data.in_review)}</Typography.Text>
          {count === 0 && (
            <Typography.Text>
              {data.in_review === 0 ? r.empty : data.due_total > 0 ? r.capReached : r.none}
            </Typography.Text>
          )}
          {count > 0 && data.due_total > count && (
            <Typography.Text type="secondary">{r.more(data.due_total - count)}</Typography.Text>
          )}
          <Button type="primary" size="large" disabled={count === 0} loading={create.isPending} onClick={start}>
            {r.start}
          </Button>
        </Space>
      ) : isError ? (
        <Typography.Text type="secondary">{r.failed}</Typography.Text>
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
