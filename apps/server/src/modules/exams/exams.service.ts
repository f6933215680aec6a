import {
  answerFits,
  isAnswered,
  type Answer,
  type CallDef,
  type ExamChange,
  type ExamClock,
  type InputKind,
  type examCalls,
} from '@gre/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { inUnit, withUnitOfWork } from '../../lib/unit-of-work.js';
import type { Tx } from '@gre/db';
import {
  addSectionTime,
  lockExam,
  saveExam,
  sectionDue,
  startSectionClock,
  touchItems,
  type LockedExam,
} from './change.repository.js';
import type { FastAction } from './change-fast.js';
import { clockOf, pastGrace, tick, timeIsUp, type Tick } from './clock.js';
import { submitSection } from './grading/grading.service.js';
import { openLockedItem, openOnStart } from './opens.js';
import { checkedAlready, examNotFound } from './exam-errors.js';
import type { CachedItem } from './section-cache.js';

/**
 * The change calls of a running exam: start, move, answer, flag, finish_section, and the heartbeat. Each is one
 * transaction around the exam row locked FOR UPDATE, so two racing calls run one after the other; answer, flag and
 * move first try the same change as one statement (change-fast.ts, decision 009), which writes only what the
 * transaction would accept and otherwise leaves the call to it. Every change names
 * the revision it saw: a replayed or stale call is refused as stale_revision before anything is written, and a
 * successful one bumps the revision. Refusals come in a fixed order: not_found (not this learner's, or Close) →
 * exam_finished → stale_revision → not started → the section (submitted: exam_finished; not open yet:
 * invalid_input) → the question and the answer's shape → the clock (exam_time_up). The clock's rule is in clock.ts
 * (decision 015): a timed section's time runs on the wall clock from when it opened. Each call reads `deps.clock`
 * once (in lockExam) and every clock reading and write of the call uses that instant (decision 017). The
 * transactions join the caller's unit of work when there is one; the one statement is then not tried.
 */

// `queue`: a graded writing section sends its essays' judging once the change commits (essays/exam-essays.ts).
type ExamDeps = Pick<Deps, 'database' | 'clock' | 'fast' | 'uow' | 'settings' | 'queue'>;
/** A request body after its schema ran (defaults filled), as handlers receive it. */
export type CallBody<C extends CallDef> = z.output<C['request']>;
type Section = NonNullable<LockedExam['section']>;

function checkExam(ex: LockedExam | null, revision: number | null): LockedExam {
  if (!ex) throw examNotFound();
  if (ex.status === 'Finished') throw new AppError('exam_finished', 'the exam is finished', '考试已交卷');
  if (revision !== null && ex.revision !== revision) {
    throw new AppError(
      'stale_revision',
      `revision ${revision} is not the current ${ex.revision}`,
      '考试已在其他页面或设备上更新，请刷新后继续',
    );
  }
  return ex;
}

function requireStarted(ex: LockedExam): void {
  if (ex.status === 'NotStart') throw new AppError('invalid_input', 'the exam has not started', '考试尚未开始');
}

/** The named section must be the open one (the first unsubmitted). */
function openSection(ex: LockedExam, missing: 'not_found' | 'invalid_input'): Section {
  const s = ex.section;
  if (!s) throw new AppError(missing, 'no such section in this exam', '考试中没有这一部分');
  if (s.finished) throw new AppError('exam_finished', `section ${s.index} is submitted`, '这一部分已提交');
  if (s.index !== ex.openIndex)
    throw new AppError('invalid_input', `section ${s.index} is not open yet`, '这一部分尚未开始');
  return s;
}

/** The open section's clock at this call. */
export const tickOf = (ex: LockedExam, s: Section): Tick => tick(s.timeLimit, s.used, s.sinceStart, ex.elapsed);

/** The question at the cursor, which always lies in the open section, gets its screen time. */
export function cursorTouch(ex: LockedExam, k: Tick) {
  return ex.cursorSection === ex.openIndex
    ? { section: ex.cursorSection, position: ex.cursorQuestion, add: k.itemAdd }
    : null;
}

/** Submits the open section after its tick, and saves the exam: the one path of finish_section and the clock's auto-submit. */
async function submitAndSave(tx: Tx, ex: LockedExam, s: Section, k: Tick): Promise<ExamChange> {
  await touchItems(tx, ex.id, { cursor: cursorTouch(ex, k), target: null }, ex.now);
  await addSectionTime(tx, ex.id, s.index, k);
  const done = await submitSection(tx, ex, s.index);
  const revision = await saveExam(tx, ex.id, {
    now: ex.now,
    tick: k,
    openIndex: null,
    bump: 1,
    status: done.status,
    ...(done.cursor ? { cursor: done.cursor } : {}),
    ...(done.result ? { result: done.result, finished: true } : {}),
  });
  const clock = done.next
    ? clockOf(done.next.index, done.next.timeLimit, done.next.used)
    : clockOf(s.index, s.timeLimit, k.used);
  return { revision, status: done.status, clock };
}

/**
 * Runs a change that is refused once the section's time is over (answer, flag, move). An auto-commit exam has its
 * section submitted and committed first, so the refusal the learner gets (exam_time_up) already reflects the
 * submission; a manual exam changes nothing and waits for finish_section. (Inside a caller's unit of work, the
 * submission commits or rolls back with the unit.)
 */
async function timedChange(
  deps: ExamDeps,
  run: (tx: Tx, unitDeps: ExamDeps) => Promise<ExamChange | { timeUp: string }>,
): Promise<ExamChange> {
  // The unit's Deps read the settings through its transaction (one connection on PGlite).
  const out = await withUnitOfWork(deps, ({ tx, deps: unitDeps }) => run(tx, unitDeps));
  if ('timeUp' in out) throw new AppError('exam_time_up', out.timeUp, '本部分时间已到，作答未被保存');
  return out;
}

async function overTime(tx: Tx, ex: LockedExam, s: Section, k: Tick): Promise<{ timeUp: string }> {
  if (!ex.isAutoCommit) throw new AppError('exam_time_up', `section ${s.index} time is up`, '本部分时间已到，请交卷');
  await submitAndSave(tx, ex, s, k);
  return { timeUp: `section ${s.index} time is up; it was submitted` };
}

type ChangeBody = { id: number; revision: number };

export async function startExam(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.start>,
): Promise<ExamChange> {
  return withUnitOfWork(deps, async ({ tx, deps: unitDeps }) => {
    const ex = checkExam(await lockExam(tx, body.id, actor.user.id, null, 0, deps.clock.now()), body.revision);
    if (ex.status !== 'NotStart') throw new AppError('invalid_input', 'the exam has already started', '考试已经开始');
    const s = ex.section!;
    await openOnStart(unitDeps, tx, actor, ex);
    // Checked practice opens on the question the learner goes to, not on the first.
    if (!ex.check)
      await touchItems(tx, ex.id, { cursor: null, target: { section: s.index, position: 0, visit: true } }, ex.now);
    await startSectionClock(tx, ex.id, s.index, ex.now);
    // Both clocks start now: no time yet, the beat set to now.
    const start = tick(s.timeLimit, s.used, 0, null);
    const revision = await saveExam(tx, ex.id, {
      now: ex.now,
      tick: start,
      openIndex: s.index,
      bump: 1,
      status: 'Start',
      cursor: { section: s.index, position: 0 },
    });
    return { revision, status: 'Start', clock: clockOf(s.index, s.timeLimit, s.used) };
  });
}

/**
 * The learner is on the exam screen: the clock is brought up to now (no revision needed, none bumped). When a timed
 * auto-commit section reaches its limit, the heartbeat submits it like finish_section would (and bumps the revision).
 */
export async function heartbeat(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.heartbeat>,
): Promise<ExamClock> {
  return withUnitOfWork(deps, async ({ tx }) => {
    const ex = checkExam(await lockExam(tx, body.id, actor.user.id, body.section_index, null, deps.clock.now()), null);
    if (ex.status === 'NotStart') {
      // The clock starts with `start`; before it a beat only reports the section as it stands.
      if (!ex.section) throw new AppError('invalid_input', 'no such section in this exam', '考试中没有这一部分');
      return clockOf(ex.section.index, ex.section.timeLimit, ex.section.used);
    }
    const s = openSection(ex, 'invalid_input');
    const k = tickOf(ex, s);
    if (ex.isAutoCommit && timeIsUp(s.timeLimit, k.run)) {
      await submitAndSave(tx, ex, s, k);
      return clockOf(s.index, s.timeLimit, k.used, true);
    }
    await touchItems(tx, ex.id, { cursor: cursorTouch(ex, k), target: null }, ex.now);
    await saveExam(tx, ex.id, { now: ex.now, tick: k, openIndex: s.index, bump: 0 });
    return clockOf(s.index, s.timeLimit, k.used);
  });
}

/**
 * Before `get`: a section whose time ran out while no call came gets the heartbeat it missed, so a learner who comes
 * back late loads the section submitted (auto-commit) or at its limit, never one that still looks open. A refusal
 * here means another call settled it first; the view reads whatever it left.
 */
export async function settleClock(deps: ExamDeps, actor: Actor, id: number): Promise<void> {
  const section = await sectionDue(deps.database.db, id, actor.user.id, deps.clock.now());
  if (section === null) return;
  await heartbeat(deps, actor, { id, section_index: section, question_index: 0 }).catch((err: unknown) => {
    if (!(err instanceof AppError)) throw err;
  });
}

export async function moveCursor(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.move>,
): Promise<ExamChange> {
  return (await inOneStatement(deps, actor, body, () => ({ kind: 'move' }))) ?? moveInTransaction(deps, actor, body);
}

/** Saves an answer: it must fit the question's input kind; the state follows whether anything was given. */
export async function answerQuestion(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.answer>,
): Promise<ExamChange> {
  const action = (item: CachedItem): FastAction | null =>
    answerFits(item.inputKind, body.answer, item.groups, item.sentences)
      ? {
          kind: 'answer',
          answer: body.answer,
          state: answerState(item.inputKind, body.answer),
          questionStamp: item.questionStamp,
        }
      : null;
  return (await inOneStatement(deps, actor, body, action)) ?? answerInTransaction(deps, actor, body);
}

export async function flagQuestion(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.flag>,
): Promise<ExamChange> {
  return (
    (await inOneStatement(deps, actor, body, () => ({ kind: 'flag', flagged: body.flagged }))) ??
    flagInTransaction(deps, actor, body)
  );
}

const answerState = (kind: InputKind, answer: Answer) =>
  isAnswered(kind, answer) ? ('Answered' as const) : ('NotAnswered' as const);

/**
 * The common case of a change in one statement (change-fast.ts), the named item found in the cached section; null
 * when anything is unusual (no such item, an answer that does not fit, a refusal, time up, a re-imported question),
 * and then the transactional path decides, refusals and auto-submit included.
 */
async function inOneStatement(
  deps: ExamDeps,
  actor: Actor,
  body: ChangeBody & { section_index: number; question_index: number },
  actionFor: (item: CachedItem) => FastAction | null,
): Promise<ExamChange | null> {
  // FAST_PATHS=off, or inside a unit of work: the statement would commit on its own, outside the unit.
  if (!deps.fast.on || inUnit(deps)) return null;
  const fast = deps.fast.exams;
  const item = (await fast.items(body.id, body.section_index))?.[body.question_index];
  const action = item ? actionFor(item) : null;
  if (!action) return null;
  const change = {
    examId: body.id,
    userId: actor.user.id,
    revision: body.revision,
    section: body.section_index,
    position: body.question_index,
    action,
  };
  const written = await fast.write(change);
  if (!written) {
    // The question may have been re-imported: the next call reads the section afresh.
    fast.sections.drop(body.id, body.section_index);
    return null;
  }
  return {
    revision: written.revision,
    status: written.status,
    clock: clockOf(written.section, written.limit, written.used),
  } as ExamChange;
}

/** The change calls as one transaction around the locked exam: every refusal, and the auto-submit out of time. */
export async function moveInTransaction(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.move>,
): Promise<ExamChange> {
  return timedChange(deps, async (tx, unitDeps) => {
    const ex = checkExam(
      await lockExam(tx, body.id, actor.user.id, body.section_index, body.question_index, deps.clock.now()),
      body.revision,
    );
    requireStarted(ex);
    const s = openSection(ex, 'invalid_input');
    if (body.question_index >= s.itemCount) {
      throw new AppError(
        'invalid_input',
        `section ${s.index} has ${s.itemCount} questions`,
        '已经是这一部分的最后一题',
      );
    }
    const k = tickOf(ex, s);
    if (pastGrace(s.timeLimit, k.run)) return overTime(tx, ex, s, k);
    await openLockedItem(unitDeps, tx, actor, ex);
    await touchItems(
      tx,
      ex.id,
      { cursor: cursorTouch(ex, k), target: { section: s.index, position: body.question_index, visit: true } },
      ex.now,
    );
    const revision = await saveExam(tx, ex.id, {
      now: ex.now,
      tick: k,
      openIndex: s.index,
      bump: 1,
      cursor: { section: s.index, position: body.question_index },
    });
    return { revision, status: ex.status, clock: clockOf(s.index, s.timeLimit, k.used) } as ExamChange;
  });
}

/** The question a call names in the open section, or not_found (a question outside the exam). */
export async function lockAt(
  tx: Tx,
  actor: Actor,
  body: ChangeBody & { section_index: number; question_index: number },
  now: Date,
) {
  const ex = checkExam(
    await lockExam(tx, body.id, actor.user.id, body.section_index, body.question_index, now),
    body.revision,
  );
  requireStarted(ex);
  const s = openSection(ex, 'not_found');
  if (!ex.item)
    throw new AppError('not_found', `no question ${body.question_index} in section ${s.index}`, '考试中没有这道题');
  return { ex, s, item: ex.item };
}

/** An answer or a flag on one item: that item and the clock in one write, the exam's revision bumped. */
async function touchAndSave(
  tx: Tx,
  ex: LockedExam,
  s: Section,
  k: Tick,
  target: NonNullable<Parameters<typeof touchItems>[2]['target']>,
): Promise<ExamChange> {
  await touchItems(tx, ex.id, { cursor: cursorTouch(ex, k), target }, ex.now);
  const revision = await saveExam(tx, ex.id, { now: ex.now, tick: k, openIndex: s.index, bump: 1 });
  return { revision, status: ex.status, clock: clockOf(s.index, s.timeLimit, k.used) } as ExamChange;
}

export async function answerInTransaction(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.answer>,
): Promise<ExamChange> {
  return timedChange(deps, async (tx, unitDeps) => {
    const { ex, s, item } = await lockAt(tx, actor, body, deps.clock.now());
    const kind = item.inputKind as InputKind;
    if (!answerFits(kind, body.answer, item.groups, item.sentences)) {
      throw new AppError('invalid_input', `the answer does not fit a ${kind} question`, '答案格式与题型不符');
    }
    if (item.checked) throw checkedAlready();
    const k = tickOf(ex, s);
    if (pastGrace(s.timeLimit, k.run)) return overTime(tx, ex, s, k);
    await openLockedItem(unitDeps, tx, actor, ex);
    const answer = { value: body.answer, state: answerState(kind, body.answer) };
    return touchAndSave(tx, ex, s, k, { section: s.index, position: body.question_index, answer });
  });
}

export async function flagInTransaction(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.flag>,
): Promise<ExamChange> {
  return timedChange(deps, async (tx) => {
    const { ex, s } = await lockAt(tx, actor, body, deps.clock.now());
    const k = tickOf(ex, s);
    if (pastGrace(s.timeLimit, k.run)) return overTime(tx, ex, s, k);
    return touchAndSave(tx, ex, s, k, { section: s.index, position: body.question_index, flagged: body.flagged });
  });
}

/** Submits the open section, also after its time ran out (that is how a manual exam moves on). */
export async function finishSection(
  deps: ExamDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.finishSection>,
): Promise<ExamChange> {
  return withUnitOfWork(deps, async ({ tx }) => {
    const ex = checkExam(
      await lockExam(tx, body.id, actor.user.id, body.section_index, null, deps.clock.now()),
      body.revision,
    );
    requireStarted(ex);
    const s = openSection(ex, 'invalid_input');
    return submitAndSave(tx, ex, s, tickOf(ex, s));
  });
}
