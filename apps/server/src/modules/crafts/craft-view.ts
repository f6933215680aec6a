import { PAGE_SOURCES, type Craft, type CraftSource } from '@gre/contracts';
import type { crafts } from '@gre/db';

export type CraftRow = typeof crafts.$inferSelect;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** Unix seconds from a number or an ISO string (the FSRS library's dates may be stored either way). */
const unixOrNull = (v: unknown): number | null => {
  if (typeof v === 'number') return Math.floor(v);
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
};

/**
 * The exams module writes `wrong.source` without a page and may name an exam longer than the source bound; the
 * response schema is strict, so the source is rebuilt field by field rather than passed through.
 */
function toSource(v: unknown): CraftSource {
  const s = obj(v) ?? {};
  const page = PAGE_SOURCES.find((p) => p === s.page) ?? 'Exam';
  return {
    // Old rows may hold any JSON here: String() keeps showing it as the API always has.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    name: String(s.name ?? '').slice(0, 120),
    exam_id: numOrNull(s.exam_id),
    template_id: strOrNull(s.template_id)?.slice(0, 80) ?? null,
    update_time_stamp: typeof s.update_time_stamp === 'number' ? s.update_time_stamp : 0,
    page,
  };
}

function toWrong(v: unknown): Craft['wrong'] {
  const w = obj(v);
  if (!w) return null;
  return {
    answer: w.answer as NonNullable<Craft['wrong']>['answer'],
    time: Number(w.time ?? 0),
    source: toSource(w.source),
    count: Number(w.count ?? 1),
  };
}

/** Exams store an essay as "Judging" with no score yet; the contract wants every result field present. */
function toIssue(v: unknown): Craft['issue'] {
  const i = obj(v);
  if (!i) return null;
  const r = obj(i.result) ?? {};
  const status = (['Empty', 'Judging', 'Finished', 'Failed'] as const).find((s) => s === r.status) ?? 'Empty';
  return {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as for the source's name above
    answer: String(i.answer ?? ''),
    result: {
      status,
      score: numOrNull(r.score),
      rank: strOrNull(r.rank),
      comment: strOrNull(r.comment),
      progress: numOrNull(r.progress),
    },
  };
}

function toSchedule(v: unknown): Craft['schedule'] {
  const s = obj(v);
  if (!s) return null;
  const state = (['New', 'Learning', 'Review', 'Relearning'] as const).find((x) => x === s.state) ?? 'New';
  return {
    due: unixOrNull(s.due) ?? 0,
    reps: Number(s.reps ?? 0),
    lapses: Number(s.lapses ?? 0),
    last_review: unixOrNull(s.last_review),
    state,
  };
}

/** A craft row as the client receives it (spec §3 Craft); the parts this module writes are stored in contract shape. */
export function toCraft(row: CraftRow): Craft {
  return {
    id: row.id,
    user_id: row.userId,
    question_id: row.questionId,
    wrong: toWrong(row.wrong),
    issue: toIssue(row.issue),
    collect: (row.collect as Craft['collect']) ?? null,
    note: (row.note as Craft['note']) ?? null,
    card: (row.card as Craft['card']) ?? null,
    in_higher: row.inHigher,
    source: row.source ? toSource(row.source) : null,
    schedule: toSchedule(row.schedule),
    updated_at: Math.floor(row.updatedAt.getTime() / 1000),
  };
}
