import {
  combineEssayScores,
  countEssayWords,
  ESSAY_DIMENSIONS,
  isEssayScore,
  type Essay,
  type EssayBrief,
  type EssayComment,
  type EssayDimension,
} from '@gre/contracts';
import type { EssayRow } from './essays.repository.js';

// What the judging job stores (essays.machine / essays.model) and how the calls show it. The stored JSON is ours,
// but it is read defensively: a row written by an older judge must still show.

/** The built-in judge's result as stored. */
export interface StoredMachine {
  score: number;
  band: { low: number; high: number };
  comments: EssayComment[];
  /** What it says about the essay as a whole (the score, its band, anything odd), in Chinese. */
  notes: string[];
  /** Degenerate input it noticed (judge-types JudgeFlag): empty, not_english, prompt_copied, off_topic… */
  flags: string[];
  /** The measured features, for the teacher reading it. */
  features: Record<string, number>;
}

/** The model judge's result as stored, or why it gave none. */
export type StoredModel =
  { score: number; comments: { dimension: EssayDimension; text: string }[]; model: string } | { error: string };

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const dimension = (d: unknown): d is EssayDimension => ESSAY_DIMENSIONS.includes(d as EssayDimension);

export function machineOf(row: Pick<EssayRow, 'machine'>): StoredMachine | null {
  const m = row.machine as Partial<StoredMachine> | null;
  return m && isEssayScore(m.score) ? (m as StoredMachine) : null;
}

export function modelScoreOf(row: Pick<EssayRow, 'model'>): number | null {
  const m = row.model as { score?: unknown } | null;
  return m && isEssayScore(m.score) ? m.score : null;
}

/** The essay as listed. */
export function toEssayBrief(row: EssayRow, title: string): EssayBrief {
  const source =
    row.status === 'Finished'
      ? combineEssayScores({
          machine: machineOf(row)?.score ?? null,
          model: modelScoreOf(row),
          teacher: row.teacherScore,
        }).source
      : null;
  return {
    id: row.id,
    question_id: row.questionId,
    title,
    exam_id: row.examId,
    status: row.status as EssayBrief['status'],
    progress: row.progress,
    words: countEssayWords(row.answer),
    score: row.status === 'Finished' ? row.score : null,
    band:
      row.status === 'Finished' && row.bandLow !== null && row.bandHigh !== null
        ? { low: row.bandLow, high: row.bandHigh }
        : null,
    score_source: source,
    needs_teacher: row.needsTeacher,
    error: row.status === 'Empty' || row.status === 'Failed' ? row.error : null,
    created_stamp: unix(row.createdAt),
    judged_stamp: row.judgedAt ? unix(row.judgedAt) : null,
  };
}

/** The essay with its text, prompt, the judges' comments and the teacher's grading. */
export function toEssay(
  e: { row: EssayRow; title: string; prompt: string; teacherName: string | null },
  rank: string | null,
): Essay {
  const { row } = e;
  const machine = machineOf(row);
  const model = row.model as StoredModel | null;
  const finished = row.status === 'Finished';
  const comments: Essay['comments'] = [];
  if (finished && machine)
    for (const c of machine.comments) if (dimension(c.dimension)) comments.push({ ...c, judge: 'machine' });
  if (finished && model && 'comments' in model)
    for (const c of model.comments)
      if (dimension(c.dimension)) comments.push({ dimension: c.dimension, text: c.text, ranges: [], judge: 'model' });
  return {
    ...toEssayBrief(row, e.title),
    answer: row.answer,
    prompt: e.prompt,
    rank: finished ? rank : null,
    comments,
    notes: finished && machine ? machine.notes : [],
    teacher:
      row.teacherScore !== null && row.teacherAt
        ? {
            name: e.teacherName ?? '老师',
            score: row.teacherScore,
            comment: row.teacherComment ?? '',
            stamp: unix(row.teacherAt),
          }
        : null,
  };
}
