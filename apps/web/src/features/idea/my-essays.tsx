import { ArrowLeftOutlined } from '@ant-design/icons';
import { idSchema, type EssayBrief } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Pagination, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { shanghaiDateTime } from '../../components/format';
import { zh } from '../../i18n/zh-CN';
import { essayCopy } from '../../i18n/zh-CN.essay';
import { ESSAY_PAGE_SIZE, EssayReview, EssayScore, EssayStatusTag, essayListQuery, essayQuery } from '../essays';

const m = essayCopy.mine;

/** `?essay=` as an essay id; null for anything that is not one (the page then says it found none). */
export function essayIdOf(raw: string | null): number | null {
  if (raw === null || !/^\d{1,16}$/.test(raw)) return null;
  const id = Number(raw);
  return idSchema.safeParse(id).success ? id : null;
}

function EssayLine({ essay, onOpen }: { essay: EssayBrief; onOpen: (id: number) => void }) {
  return (
    <li>
      <button type="button" className="gi-item gi-essay" onClick={() => onOpen(essay.id)}>
        <span className="gi-essay-main">
          <span className="gi-item-title ges-list-title">{essay.title}</span>
          <Space size={[8, 4]} wrap className="gi-essay-meta">
            <EssayStatusTag status={essay.status} />
            <Typography.Text type="secondary">{shanghaiDateTime(essay.created_stamp)}</Typography.Text>
            <Typography.Text type="secondary">{essayCopy.words(essay.words)}</Typography.Text>
          </Space>
        </span>
        <EssayScore essay={essay} compact />
      </button>
    </li>
  );
}

/** 我的作文: the learner's essays a page at a time, newest first, read again while one is being judged. */
export function MyEssayList({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useQuery(essayListQuery(page));
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError && !list.data)
    return (
      <Result
        status="warning"
        subTitle={m.failed}
        extra={<Button onClick={() => void list.refetch()}>{zh.common.retry}</Button>}
      />
    );
  const { items, page_control: pc } = list.data;
  if (pc.total === 0)
    return (
      <Empty description={m.empty}>
        <Typography.Paragraph type="secondary">{m.emptyHint}</Typography.Paragraph>
      </Empty>
    );
  return (
    <div className="gi-essays">
      <Typography.Paragraph type="secondary" className="gi-intro">
        {m.intro}
      </Typography.Paragraph>
      <Typography.Text type="secondary" className="gi-count">
        {m.count(pc.total)}
      </Typography.Text>
      <ul className={list.isFetching && list.isPlaceholderData ? 'gi-items gi-list-loading' : 'gi-items'}>
        {items.map((e) => (
          <EssayLine key={e.id} essay={e} onOpen={onOpen} />
        ))}
      </ul>
      {pc.total > ESSAY_PAGE_SIZE && (
        <Pagination
          className="gi-pager"
          current={page}
          pageSize={ESSAY_PAGE_SIZE}
          total={pc.total}
          showSizeChanger={false}
          size="small"
          onChange={setPage}
        />
      )}
    </div>
  );
}

/** One essay of the learner's (the mail's link, `/idea?essay=<id>`): polled while judged; 申请批改 when it is not. */
export function MyEssayDetail({ id, onBack }: { id: number | null; onBack: () => void }) {
  const essay = useQuery({ ...essayQuery(id ?? 0), enabled: id !== null });
  const missing = id === null || (essay.error instanceof ApiError && essay.error.kind === 'not_found');
  const back = <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={m.back} />;
  return (
    <Card
      className="gi-detail-card"
      title={
        <Space size={[8, 4]} className="gi-detail-title">
          {back}
          <span>{essay.data?.title ?? m.back}</span>
        </Space>
      }
      extra={
        essay.data && <Typography.Text type="secondary">{shanghaiDateTime(essay.data.created_stamp)}</Typography.Text>
      }
    >
      {missing ? (
        <Result status="404" subTitle={m.notFound} />
      ) : essay.data ? (
        <EssayReview essay={essay.data} learner />
      ) : essay.isError ? (
        <Result
          status="warning"
          subTitle={m.detailFailed}
          extra={<Button onClick={() => void essay.refetch()}>{zh.common.retry}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </Card>
  );
}
