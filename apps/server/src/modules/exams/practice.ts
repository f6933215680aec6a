import { answerFits, isAnswered, type ExamItem, type ExamView, type examCalls, type InputKind } from '@gre/contracts';
import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { getQuestions } from '../questions/index.js';
import { saveExam, touchItems } from './change.repository.js';
import { createFromPlan, planBook } from './create.js';
import { clockOf, examTiming } from './clock.js';
import { checkedAlready } from './exam-errors.js';
import { cursorTouch, lockAt, startExam, tickOf, type CallBody } from './exams.service.js';
import { findExam, statsOf } from './exams.repository.js';
import { recordAnswers } from './grading/grading.service.js';
import { sectionItems } from './grading/grading.repository.js';
import { gradeItem } from './grading/result.js';
import { openLockedItem } from './opens.js';
import { practiceSection, type ClockMode, type ExamPlan } from './plan.js';
import { findOpenPractice, listedQuestions, lockPractice, markChecked } from './practice.repository.js';
import { examView } from './view.js';

/**
 * Untimed practice with checked answers (the bank's 核对答案): an exam like any other — the answers are saved as
 * given, it sits in the record and can be resumed — whose answers the learner checks one at a time. A checked answer
 * is graded and recorded at once through the same path a submitted section takes (grading.service `recordAnswers`:
 * community figures, the wrong-answer book, today's activity and re-review), and is final; submitting the practice
 * records only what was not checked.
 */

type PracticeDeps = Pick<Deps, 'database' | 'clock' | 'fast' | 'uow' | 'settings' | 'env' | 'queue'>;
type PracticeBody = CallBody<typeof examCalls.practice>;

/** A list practice is known by its questions, so opening the same big-bank page again resumes it. */
const listVersion = (ids: string[]) =>
  `list:${createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex')
    .slice(0, 24)}`;

async function planList(
  deps: PracticeDeps,
  actor: Actor,
  body: Extract<PracticeBody, { source: 'list' }>,
  mode: ClockMode,
): Promise<ExamPlan> {
  const items = await listedQuestions(deps.database.db, [...new Set(body.question_ids)], visibleVisibilities(actor));
  if (items.length === 0)
    throw new AppError('not_found', 'none of the listed questions is visible', '没有可练习的题目');
  const timing = examTiming(await deps.settings.override('exam_timing'));
  return {
    name: body.title,
    kind: 'filter',
    source: 'Exercise',
    templateId: null,
    createOption: {
      kind: 'filter',
      version: '',
      include_done: true,
      with_issue: false,
      enable_count_up: true,
      pick_first: true,
      math_create_kind: 'any',
      select_kind: null,
    },
    isAutoCommit: false,
    sections: [practiceSection(items, timing, mode)],
  };
}

/** The learner's open practice of this book or list, or a new one, started: nothing is opened until they go to a question. */
export async function openPractice(deps: PracticeDeps, actor: Actor, body: PracticeBody): Promise<ExamView> {
  const now = deps.clock.now();
  const version = body.source === 'book' ? body.book_id : listVersion(body.question_ids);
  const id = await withUnitOfWork(deps, async ({ tx, deps: unit }) => {
    await lockPractice(tx, actor.user.id, version);
    const open = await findOpenPractice(unit.database.db, actor.user.id, version);
    if (open !== null) return open;
    const mode: ClockMode = { scale: deps.env.EXAM_TIME_SCALE, countUp: true };
    const plan =
      body.source === 'book'
        ? await planBook(
            unit,
            actor,
            { source: 'book', book_id: body.book_id, enable_count_up: true, is_auto_commit: false },
            mode,
            now,
          )
        : await planList(unit, actor, body, mode);
    plan.createOption = { ...plan.createOption, version, check: true };
    plan.isAutoCommit = false;
    const created = await createFromPlan(unit, actor, plan, null, now);
    await startExam(unit, actor, { id: created, revision: 0 });
    return created;
  });
  const { db } = deps.database;
  const row = await findExam(db, id, actor.user.id);
  if (!row) throw new AppError('not_found', 'practice vanished', '练习不存在');
  return examView(deps, actor, row);
}

/** Saves the answer and checks it: graded, recorded, final; the item comes back with what the learner may see. */
export async function checkAnswer(
  deps: PracticeDeps,
  actor: Actor,
  body: CallBody<typeof examCalls.check>,
): Promise<{ change: Awaited<ReturnType<typeof startExam>>; item: ExamItem }> {
  const { change, templateId, questionId, correct, action } = await withUnitOfWork(
    deps,
    async ({ tx, deps: unitDeps }) => {
      const { ex, s, item } = await lockAt(tx, actor, body, deps.clock.now());
      if (!ex.check) throw new AppError('invalid_input', 'not a practice with checked answers', '这场练习不能逐题核对');
      if (item.checked) throw checkedAlready();
      const kind = item.inputKind as InputKind;
      if (!answerFits(kind, body.answer, item.groups, item.sentences))
        throw new AppError('invalid_input', `the answer does not fit a ${kind} question`, '答案格式与题型不符');
      if (!isAnswered(kind, body.answer)) throw new AppError('invalid_input', 'nothing to check', '请先作答再核对答案');
      await openLockedItem(unitDeps, tx, actor, ex);
      const k = tickOf(ex, s);
      const at = { section: s.index, position: body.question_index };
      await touchItems(
        tx,
        ex.id,
        { cursor: cursorTouch(ex, k), target: { ...at, answer: { value: body.answer, state: 'Answered' } } },
        ex.now,
      );
      const row = (await sectionItems(tx, ex.id, s.index)).find((i) => i.position === body.question_index)!;
      const graded = {
        ...row,
        correct: gradeItem(row, { input_method: row.inputMethod, standard_answer: row.standardAnswer }),
      };
      await markChecked(tx, ex.id, s.index, body.question_index, graded.correct, ex.now);
      await recordAnswers(tx, ex, [graded]);
      const revision = await saveExam(tx, ex.id, { now: ex.now, tick: k, openIndex: s.index, bump: 1 });
      return {
        change: { revision, status: ex.status as 'Start', clock: clockOf(s.index, s.timeLimit, k.used) },
        templateId: ex.templateId,
        questionId: row.questionId,
        correct: graded.correct,
        action: {
          answer: body.answer,
          flagged: false,
          used_time_seconds: row.usedTimeSeconds,
          state: 'Answered' as const,
          answered_time: Math.floor(ex.now.getTime() / 1000),
          checked: true,
        },
      };
    },
  );
  // After the commit, as the bank would show it (a book's own rules, a tier's lock): checked, so no exam holds it.
  const [question, stats] = await Promise.all([
    getQuestions(deps, actor, { ids: [questionId], ...(templateId ? { book_id: templateId } : {}) }).then(
      (r) => r.questions[0]!,
      // The answer is recorded; a book closed in the meantime only means the item comes back as the exam shows it.
      async (err: unknown) => {
        if (!(err instanceof AppError)) throw err;
        const row = await findExam(deps.database.db, body.id, actor.user.id);
        const view = row ? await examView(deps, actor, row) : null;
        const same = view?.sections[body.section_index]?.items[body.question_index]?.question;
        if (!same) throw err;
        return same;
      },
    ),
    statsOf(deps.database.db, [questionId]),
  ]);
  const st = stats.get(questionId);
  return {
    change,
    item: {
      question,
      action,
      result: {
        correct,
        issue: null,
        avg_time_seconds: st && st.attempts > 0 ? Math.round((st.time / st.attempts) * 10) / 10 : null,
        percent_correct: st && st.attempts > 0 ? Math.round((st.correct * 1000) / st.attempts) / 10 : null,
        // In a practice the learner sees every question it holds, so only a running exam or the book's own rule
        // (prevent: answers once finished) keeps an answer back.
        withheld: question.standard_answer === null ? (question.answers_held ? 'in_exam' : 'prevent') : null,
      },
    },
  };
}
