import {
  CALIBRATION,
  DIFFICULTIES,
  estimateRasch,
  labelFromLogit,
  medianOf,
  type CalibrationFile,
  type CalibrationRow,
  type Difficulty,
} from '@gre/contracts';
import { recordAudit, actionOf } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import {
  applyShownDifficulty,
  authorLabels,
  decidedCalibration,
  firstAnswers,
  lastRun,
  listCalibration,
  replaceCalibration,
  type CalibrationInsert,
  type CalibrationListQuery,
} from './calibration.repository.js';

const asDifficulty = (d: string): Difficulty =>
  ((DIFFICULTIES as readonly string[]).includes(d) ? d : 'medium') as Difficulty;
const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * One calibration run: reads every first graded answer, fits the Rasch model with the author labels as priors,
 * rewrites the calibration table and the questions' shown difficulty in one unit of work (so learners never see half a
 * run). Time enters only near a cut: an item slower than its kind's median time reads as the harder level there.
 * `actor` is the operator who asked for it (audited); the hourly job runs without one.
 */
export async function runCalibration(deps: Deps, actor: Actor | null = null) {
  const db = deps.database.db;
  const [answers, labels] = await Promise.all([firstAnswers(db), authorLabels(db)]);
  const graded = answers.filter((a) => labels.has(a.questionId));
  const estimates = estimateRasch(
    graded.map((a) => ({ person: a.userId, item: a.questionId, correct: a.correct })),
    (id) => asDifficulty(labels.get(id)?.author ?? 'medium'),
  );

  const secondsByItem = new Map<string, number[]>();
  for (const a of graded) secondsByItem.set(a.questionId, [...(secondsByItem.get(a.questionId) ?? []), a.seconds]);
  const itemMedian = new Map([...secondsByItem].map(([id, s]) => [id, medianOf(s)]));
  const kindMedians = new Map<string, number[]>();
  for (const [id, m] of itemMedian) {
    const kind = labels.get(id)!.kind;
    kindMedians.set(kind, [...(kindMedians.get(kind) ?? []), m]);
  }
  const kindMedian = new Map([...kindMedians].map(([k, ms]) => [k, medianOf(ms)]));

  const now = deps.clock.now();
  const rows: CalibrationInsert[] = [...estimates].map(([id, e]) => {
    const med = itemMedian.get(id) ?? 0;
    const decided = e.n >= CALIBRATION.minResponses;
    return {
      questionId: id,
      responses: e.n,
      pCorrect: e.pCorrect,
      medianSeconds: med,
      b: e.b,
      se: e.se,
      dataDifficulty: decided ? labelFromLogit(e.b, med > (kindMedian.get(labels.get(id)!.kind) ?? med)) : null,
      calibratedAt: now,
    };
  });
  const summary = {
    questions: rows.length,
    decided: rows.filter((r) => r.dataDifficulty).length,
    responses: graded.length,
    calibrated_stamp: stamp(now),
  };
  const changed = await withUnitOfWork(deps, async (uow) => {
    await replaceCalibration(uow.tx, rows);
    const n = await applyShownDifficulty(uow.tx);
    if (actor)
      await recordAudit(uow, actor, {
        action: actionOf('/api/calibration/run'),
        targetKind: 'question',
        targetId: null,
        after: { ...summary, changed: n },
      });
    return n;
  });
  return { ...summary, changed };
}

export async function listCalibrated(deps: Deps, q: CalibrationListQuery) {
  const db = deps.database.db;
  const [{ rows, total }, last] = await Promise.all([listCalibration(db, q), lastRun(db, CALIBRATION.minResponses)]);
  const items: CalibrationRow[] = rows.map((r) => ({
    question_id: r.questionId,
    kind: r.kind,
    brief: r.brief,
    author_difficulty: asDifficulty(r.authorDifficulty),
    shown_difficulty: asDifficulty(r.shownDifficulty),
    data_difficulty: r.dataDifficulty ? asDifficulty(r.dataDifficulty) : null,
    responses: r.responses,
    p_correct: r.pCorrect,
    median_seconds: r.medianSeconds,
    b: r.b,
    se: r.se,
    calibrated_stamp: stamp(r.calibratedAt),
  }));
  return {
    items,
    total,
    last_run: last
      ? {
          questions: last.questions,
          decided: last.decided,
          responses: last.responses,
          calibrated_stamp: stamp(last.at),
        }
      : null,
    min_responses: CALIBRATION.minResponses,
  };
}

/** The decided difficulties as the file build-mocks reads (content/calibration.json). */
export async function exportCalibration(deps: Deps): Promise<CalibrationFile> {
  const rows = await decidedCalibration(deps.database.db);
  return {
    exported_stamp: stamp(deps.clock.now()),
    min_responses: CALIBRATION.minResponses,
    items: rows.map((r) => ({
      question_id: r.questionId,
      author_difficulty: asDifficulty(r.authorDifficulty),
      data_difficulty: asDifficulty(r.dataDifficulty ?? r.authorDifficulty),
      responses: r.responses,
      b: r.b,
    })),
  };
}
