import { CheckCircleOutlined, ClockCircleOutlined, MinusCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { ExamBrief, ExamStatus } from '@gre/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN';

const r = zh.records;

/** The icon carries the state too, so colour is never the only signal (ui.md). */
const STATUS_LOOK: Record<ExamStatus, { color: string; icon: ReactNode }> = {
  NotStart: { color: 'default', icon: <MinusCircleOutlined /> },
  Start: { color: 'processing', icon: <SyncOutlined /> },
  PartCompleted: { color: 'warning', icon: <ClockCircleOutlined /> },
  Finished: { color: 'success', icon: <CheckCircleOutlined /> },
  Close: { color: 'default', icon: <MinusCircleOutlined /> },
};

export function ExamStatusTag({ status }: { status: ExamStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Tag color={look.color} icon={look.icon}>
      {r.examStatus[status]}
    </Tag>
  );
}

/**
 * The record's type: 模考, 题本练习, 组卷练习, or for a personal practice the page it came from (收藏练习, 错题练习, …),
 * which is what the learner chose it as.
 */
export function examKindLabel(e: Pick<ExamBrief, 'kind' | 'source'>): string {
  if (e.kind === 'personal') return r.personalSource[e.source] ?? r.examKind.personal!;
  return r.examKind[e.kind] ?? r.examKind.filter!;
}

export function ExamKindTag({ exam }: { exam: Pick<ExamBrief, 'kind' | 'source'> }) {
  return <Tag>{examKindLabel(exam)}</Tag>;
}

/** Joins the scaled scores that exist: "语文 155 · 数学 160 · 总分 315"; null when there are none. */
export function scoreText(scores: {
  verbal: number | null;
  quant: number | null;
  total?: number | null;
}): string | null {
  const total =
    scores.total !== undefined
      ? scores.total
      : scores.verbal !== null && scores.quant !== null
        ? scores.verbal + scores.quant
        : null;
  const parts = [
    scores.verbal !== null ? `${r.scores.verbal} ${scores.verbal}` : null,
    scores.quant !== null ? `${r.scores.quant} ${scores.quant}` : null,
    total !== null ? `${r.scores.total} ${total}` : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** What a record shows as its result: the scaled scores of a mock, else the correct count once there is one. */
export function briefResult(e: ExamBrief): string {
  return scoreText(e) ?? (e.correct !== null ? r.scores.correct(e.correct, e.question_count) : r.report.dash);
}
