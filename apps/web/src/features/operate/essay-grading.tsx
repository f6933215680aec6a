import { ArrowLeftOutlined } from '@ant-design/icons';
import { ESSAY_LIMITS, ESSAY_SCORE_MAX, type Essay, type EssayQueueItem } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Pagination,
  Result,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { shanghaiDateTime } from '../../components/format';
import { coreCopy } from '../../i18n/zh-CN.core';
import { essayCopy } from '../../i18n/zh-CN.essay';
import { ESSAY_PAGE_SIZE, EssayReview, essayQuery, essayQueueQuery, useGradeEssay } from '../essays';

const c = essayCopy;
const q = c.queue;
const f = q.form;
/** The essay being graded, beside the tab in the URL: a reload or the phone's back button keeps the place. */
const PARAM = 'essay';

/** 0–6 in half points, highest first: a teacher usually starts from the top of the scale. */
const SCORES = Array.from({ length: ESSAY_SCORE_MAX * 2 + 1 }, (_, i) => ESSAY_SCORE_MAX - i / 2).map((s) => ({
  value: s,
  label: c.score(s),
}));

const scoreOr = (s: number | null) => (s === null ? q.none : c.score(s));

function QueueLine({ item, onOpen }: { item: EssayQueueItem; onOpen: (id: number) => void }) {
  return (
    <li className="gop-item gop-essay">
      <div className="gop-item-head">
        <Typography.Text strong>{q.learner(item.user_name, item.user_id)}</Typography.Text>
        {item.needs_teacher && <Tag color="orange">{c.needsTeacher}</Tag>}
        <Typography.Text type="secondary">{shanghaiDateTime(item.created_stamp)}</Typography.Text>
      </div>
      <Typography.Text className="ges-list-title">{item.title}</Typography.Text>
      <div className="gop-item-head">
        <Tag color="blue">{q.machineScore(scoreOr(item.machine_score))}</Tag>
        <Tag color="purple">{q.modelScore(scoreOr(item.model_score))}</Tag>
        <Typography.Text type="secondary">{c.words(item.words)}</Typography.Text>
        <Button type="primary" size="small" onClick={() => onOpen(item.id)} aria-label={`${q.open} ${item.title}`}>
          {q.open}
        </Button>
      </div>
    </li>
  );
}

/** The queue a page at a time, flagged essays first; 只看需复核 narrows it to those. */
function Queue({ onOpen }: { onOpen: (id: number) => void }) {
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const queue = useQuery(essayQueueQuery(page, flaggedOnly));
  const pc = queue.data?.page_control;
  return (
    <div className="gop-queue">
      <Typography.Paragraph type="secondary">{q.intro}</Typography.Paragraph>
      <div className="gop-item-head">
        <Checkbox
          checked={flaggedOnly}
          onChange={(e) => {
            setFlaggedOnly(e.target.checked);
            setPage(1);
          }}
        >
          {q.flaggedOnly}
        </Checkbox>
        {pc && <Typography.Text type="secondary">{q.total(pc.total)}</Typography.Text>}
      </div>
      {queue.isPending ? (
        <Skeleton active />
      ) : queue.isError && !queue.data ? (
        <Result
          status="warning"
          subTitle={q.failed}
          extra={<Button onClick={() => void queue.refetch()}>{coreCopy.common.retry}</Button>}
        />
      ) : queue.data.items.length === 0 ? (
        <Empty description={q.empty} />
      ) : (
        <ul className="gop-list">
          {queue.data.items.map((item) => (
            <QueueLine key={item.id} item={item} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {pc && pc.total > ESSAY_PAGE_SIZE && (
        <Pagination
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

/** The teacher's score (0–6 in half points) and comment; the score replaces the judges' and the learner is told. */
function GradeForm({ essay, onDone }: { essay: Essay; onDone: () => void }) {
  const { message } = App.useApp();
  const grade = useGradeEssay();
  const [form] = Form.useForm<{ score: number; comment: string }>();
  const submit = (v: { score: number; comment: string }) =>
    grade.mutate(
      { id: essay.id, score: v.score, comment: v.comment.trim() },
      {
        onSuccess: () => {
          void message.success(f.submitted);
          onDone();
        },
      },
    );
  return (
    <Card size="small" title={f.title}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="score" label={f.score} rules={[{ required: true, message: f.scoreRequired }]}>
          <Select options={SCORES} placeholder={f.scorePlaceholder} aria-label={f.score} />
        </Form.Item>
        <Form.Item
          name="comment"
          label={f.comment}
          rules={[{ required: true, whitespace: true, message: f.commentRequired }]}
        >
          <Input.TextArea
            aria-label={f.comment}
            placeholder={f.commentPlaceholder}
            maxLength={ESSAY_LIMITS.comment}
            showCount
            autoSize={{ minRows: 4, maxRows: 12 }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={grade.isPending} block>
          {f.submit}
        </Button>
      </Form>
    </Card>
  );
}

function Grading({ id, onBack }: { id: number; onBack: () => void }) {
  const essay = useQuery(essayQuery(id));
  return (
    <div className="gop-queue">
      <div className="gop-item-head">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
          {q.back}
        </Button>
        {essay.data && <Typography.Text strong>{essay.data.title}</Typography.Text>}
      </div>
      {essay.data ? (
        <EssayReview essay={essay.data} aside={<GradeForm essay={essay.data} onDone={onBack} />} />
      ) : essay.isError ? (
        <Result
          status="warning"
          subTitle={c.mine.detailFailed}
          extra={<Button onClick={() => void essay.refetch()}>{coreCopy.common.retry}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 10 }} />
      )}
    </div>
  );
}

/** 作文批改 (teachers and admins): the queue, or one essay with the machine's notes beside the grading form. */
export function EssayGrading() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get(PARAM));
  const show = (essay: number | null) => {
    const next = new URLSearchParams(params);
    if (essay === null) next.delete(PARAM);
    else next.set(PARAM, String(essay));
    setParams(next);
  };
  if (Number.isSafeInteger(id) && id > 0) return <Grading key={id} id={id} onBack={() => show(null)} />;
  return <Queue onOpen={show} />;
}
