import {
  isGradable,
  paceStatus,
  pacingSummary,
  pacingTarget,
  PACING_TARGET_SECONDS,
  type CreateExamRequest,
  type ExamItem,
  type ExamView,
} from '@gre/contracts';
import { useRef, useState } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { subjectOfCategory, useCreateExam } from '../records';
import './result-pacing.css';

const t = zh.exam.result;
const p = t.pacing;
const w = t.weak;

/** Questions a drill draws: a short set, enough to practise a kind without becoming a second exam. */
const DRILL_COUNT = 10;
/** Kinds offered as drills at most: the weakest few, so the choice stays obvious. */
const WEAK_KINDS_SHOWN = 3;

const items = (exam: ExamView) => exam.sections.flatMap((s) => s.items);

/** Verbal and Quant questions that can be right or wrong: the ones with a pace and a kind worth drilling. */
const paced = (i: ExamItem) => isGradable(i.question.input_method.kind) && pacingTarget(i.question.category) !== null;

/**
 * A question's time against the test's pace: the bar's full width is twice the target, the target sits at its middle,
 * the community mean is a tick. The status is also said in words, so colour is never the only signal.
 */
export function PaceCell({ item }: { item: ExamItem }) {
  const seconds = item.action.used_time_seconds;
  const yours = zh.exam.duration(seconds);
  const target = pacingTarget(item.question.category);
  if (target === null || !isGradable(item.question.input_method.kind)) return <>{yours}</>;
  const status = paceStatus(seconds, target);
  const avg = item.result?.avg_time_seconds ?? null;
  const at = (s: number) => `${Math.min(100, (s / (2 * target)) * 100)}%`;
  return (
    <span className="ge-pace">
      <span className="ge-pace-time">
        {yours}
        {status !== 'within' && <span className={`ge-pace-word is-${status}`}>{p.status[status]}</span>}
      </span>
      <span
        className={`ge-pace-bar is-${status}`}
        role="img"
        aria-label={p.bar(
          yours,
          zh.exam.duration(target),
          p.status[status]!,
          avg === null ? null : zh.exam.duration(avg),
        )}
        data-pace={status}
      >
        <span className="ge-pace-fill" style={{ width: at(seconds) }} />
        <span className="ge-pace-target" />
        {avg !== null && <span className="ge-pace-avg" style={{ left: at(avg) }} />}
      </span>
    </span>
  );
}

/** '超时 3 题，平均每题 1 分 42 秒', what the targets are and how to read the bars; nothing when no question has a pace. */
export function PacingSummary({ exam }: { exam: ExamView }) {
  const summary = pacingSummary(
    items(exam)
      .filter(paced)
      .map((i) => ({ category: i.question.category, seconds: i.action.used_time_seconds })),
  );
  if (summary.meanSeconds === null) return null;
  return (
    <div className="ge-pace-summary">
      <p className="ge-pace-headline">
        {p.summary(summary.over, zh.exam.duration(summary.meanSeconds))}
        {summary.farOver > 0 && <span className="ge-muted">{`（${p.farOver(summary.farOver)}）`}</span>}
      </p>
      <p className="ge-muted ge-small">
        {p.targets(zh.exam.duration(PACING_TARGET_SECONDS.verbal), zh.exam.duration(PACING_TARGET_SECONDS.quant))}
      </p>
      <p className="ge-pace-legend ge-small" aria-hidden>
        {(['within', 'over', 'far_over'] as const).map((s) => (
          <span key={s} className={`ge-pace-key is-${s}`}>
            {p.status[s]}
          </span>
        ))}
        <span className="ge-pace-key is-target">{p.legendTarget}</span>
        <span className="ge-pace-key is-avg">{p.legendAvg}</span>
      </p>
    </div>
  );
}

export interface WeakKind {
  kind: string;
  category: number;
  correct: number;
  total: number;
}

/**
 * The kinds of this exam the learner lost most on (a wrong or unanswered question), weakest first: the lowest share
 * right, then the most questions; kinds without a miss are not weak. Only Verbal and Quant kinds, which a big-bank
 * filter can draw.
 */
export function weakKinds(exam: ExamView, limit = WEAK_KINDS_SHOWN): WeakKind[] {
  const byKind = new Map<string, WeakKind>();
  for (const i of items(exam).filter(paced)) {
    const k = byKind.get(i.question.kind) ?? {
      kind: i.question.kind,
      category: i.question.category,
      correct: 0,
      total: 0,
    };
    k.total += 1;
    if (i.action.state === 'Answered' && i.result?.correct) k.correct += 1;
    byKind.set(i.question.kind, k);
  }
  return [...byKind.values()]
    .filter((k) => k.correct < k.total)
    .sort((a, b) => a.correct / a.total - b.correct / b.total || b.total - a.total)
    .slice(0, limit);
}

/** A big-bank filter practice of one kind: questions not done before first, the exam's own clock rules by default. */
export function drillRequest(k: Pick<WeakKind, 'kind' | 'category'>, includeDone = false): CreateExamRequest {
  return {
    source: 'filter',
    filter: { category: k.category as 1 | 2 | 3, kind: k.kind },
    count: DRILL_COUNT,
    include_done: includeDone,
  };
}

/**
 * 薄弱题型 with one 练习同类题 per kind: creates the drill through the records' exam creation (quotas and refusals
 * as everywhere) and opens it. When every question of the kind was done before, it draws from those instead.
 */
export function WeakKinds({ exam, kindName }: { exam: ExamView; kindName: (k: string) => string }) {
  const [nothing, setNothing] = useState<string | null>(null);
  const last = useRef<{ k: WeakKind; includeDone: boolean } | null>(null);
  const weak = weakKinds(exam);
  const create = useCreateExam(undefined, () => {
    const l = last.current;
    if (l && !l.includeDone) drill(l.k, true);
    else if (l) setNothing(l.k.kind);
  });
  function drill(k: WeakKind, includeDone = false) {
    last.current = { k, includeDone };
    setNothing(null);
    create.mutate({ request: drillRequest(k, includeDone), subject: subjectOfCategory(k.category) });
  }
  const sent = create.variables?.request;
  const busyKind = create.isPending && sent?.source === 'filter' ? sent.filter.kind : null;
  if (weak.length === 0) return null;
  return (
    <section className="ge-card" aria-labelledby="ge-weak">
      <h2 id="ge-weak" className="ge-h2">
        {w.title}
      </h2>
      <p className="ge-muted">{w.intro}</p>
      <ul className="ge-weak-list">
        {weak.map((k) => (
          <li key={k.kind} className="ge-weak-item">
            <span className="ge-weak-name">{kindName(k.kind)}</span>
            <span className="ge-muted">{w.line(k.correct, k.total)}</span>
            <button
              type="button"
              className="ge-button is-primary"
              aria-label={w.drillLabel(kindName(k.kind))}
              disabled={create.isPending}
              onClick={() => drill(k)}
            >
              {busyKind === k.kind ? w.creating : w.drill}
            </button>
            {nothing === k.kind && (
              <span className="ge-weak-nothing" role="status">
                {w.nothing}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
