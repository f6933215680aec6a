import type { Answer, CreateOption, ExamItem, ExamResult, ExamSection, ExamView } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { isStaff, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { answersLockedFor, bookRevealsAnswers, type Visibility } from '../../lib/access.js';
import { loadBook } from '../books/index.js';
import { toQuestionView } from '../../lib/question-view.js';
import type { QuestionRowFull } from '@gre/db/queries';
import { answersHeldFor, questionsWithPassages } from '../questions/index.js';
import { examContents, findExam, statsOf, type ExamRow, type ItemRow, type SectionRow } from './exams.repository.js';
import { examNotFound } from './exam-errors.js';

type ViewDeps = Pick<Deps, 'database' | 'clock'>;
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
type Stats = Awaited<ReturnType<typeof statsOf>>;
type Questions = Map<string, Awaited<ReturnType<typeof questionsWithPassages>>[number]>;
type Withheld = NonNullable<ExamItem['result']>['withheld'];
/** Why a finished exam holds back a question's answers; null when it shows them. */
type HoldBack = (q: QuestionRowFull, item: ItemRow) => Withheld;

function itemResult(item: ItemRow, stats: Stats, withheld: Withheld): ExamItem['result'] {
  const s = stats.get(item.questionId);
  const essay = item.inputKind === 'Essay';
  const written = essay && ((item.answer as Answer | null)?.essay ?? '').trim() !== '';
  return {
    correct: item.correct === true,
    issue: essay ? (written ? 'Judging' : 'Empty') : null,
    avg_time_seconds: s && s.attempts > 0 ? Math.round((s.time / s.attempts) * 10) / 10 : null,
    percent_correct: s && s.attempts > 0 ? Math.round((s.correct * 1000) / s.attempts) / 10 : null,
    withheld,
  };
}

/**
 * `holdBack` null: the exam is not finished, and no answer leaves the server, also to staff — except an answer the
 * learner checked in untimed practice (`revealChecked`), which was graded then.
 */
function toItem(
  item: ItemRow,
  questions: Questions,
  holdBack: HoldBack | null,
  stats: Stats,
  revealChecked: HoldBack | null,
): ExamItem {
  const q = questions.get(item.questionId);
  // The exam item references the question (foreign key), so it is always there; a missing one is a broken database.
  if (!q) throw new Error(`exam item question ${item.questionId} is missing`);
  if (!holdBack && revealChecked && item.checkedAt) holdBack = revealChecked;
  const withheld = holdBack ? holdBack(q.question, item) : null;
  return {
    question: toQuestionView(q.question, q.passage, holdBack !== null && withheld === null, withheld === 'in_exam'),
    action: {
      answer: (item.answer as Answer | null) ?? null,
      flagged: item.flagged,
      used_time_seconds: item.usedTimeSeconds,
      state: item.state as ExamItem['action']['state'],
      answered_time: unix(item.answeredAt),
      checked: item.checkedAt !== null,
    },
    result: holdBack ? itemResult(item, stats, withheld) : null,
  };
}

function toSection(s: SectionRow, items: ExamItem[]): ExamSection {
  return {
    index: s.index,
    name: s.name,
    area: s.area as ExamSection['area'],
    part: s.part,
    difficulty: s.part === 2 ? (s.difficulty as ExamSection['difficulty']) : null,
    time_limit_seconds: s.timeLimitSeconds,
    action: { used_time_seconds: s.usedTimeSeconds, finished: s.finished },
    result: (s.result as ExamSection['result']) ?? null,
    items,
    question_count: s.questionCount,
  };
}

/** Untimed practice with checked answers, still under way: its checked items show their answers. */
const isCheckPractice = (exam: ExamRow) => (exam.createOption as CreateOption).check === true;

/** A prevent book shows answers only once the learner finished it (access.ts); any other exam source always may. */
async function bookAllowsAnswers(deps: ViewDeps, actor: Actor, bookId: string | null): Promise<boolean> {
  if (!bookId) return true;
  try {
    const { gate } = await loadBook(deps, actor, bookId);
    return bookRevealsAnswers(actor, gate);
  } catch {
    // A book the learner can no longer open reveals nothing more.
    return false;
  }
}

/** The exam as the client shows it: sections, questions (answers only once finished), actions, cursor, revision. */
export async function examView(deps: ViewDeps, actor: Actor, exam: ExamRow): Promise<ExamView> {
  const { db } = deps.database;
  const finished = exam.status === 'Finished';
  const checking = !finished && isCheckPractice(exam);
  const { sections, items } = await examContents(db, exam.id);
  const ids = [...new Set(items.map((i) => i.questionId))];
  const [rows, stats, held] = await Promise.all([
    questionsWithPassages(deps, ids),
    finished || checking ? statsOf(db, ids) : Promise.resolve(new Map() as Stats),
    finished || checking ? answersHeldFor(deps, exam.userId, ids) : Promise.resolve(new Set<string>()),
  ]);
  const questions: Questions = new Map(rows.map((r) => [r.question.id, r]));
  // A locked question beyond the learner's tier keeps its answers (a mock mixes them in, decision 007), and so does a
  // question of an exam they are taking now (decision 013); the learner's answer and its grading stay.
  // A question never opened in a practice keeps its answers too: the quota counts opened questions (product.md), so a
  // result must not hand out the rest of a practice created and submitted at once. A mock is bounded by its own quota
  // and had room for all its questions when it started, so a learner whose time ran out sees every explanation.
  const learner = !isStaff(actor) && exam.kind !== 'simulate';
  const lockedOrHeld = (q: QuestionRowFull): Withheld =>
    answersLockedFor(actor, q.visibility as Visibility) ? 'public_only' : held.has(q.id) ? 'in_exam' : null;
  const holdBack: HoldBack | null = finished
    ? (q, item) => (learner && item.state === 'NotEncountered' ? 'not_opened' : lockedOrHeld(q))
    : null;
  const revealChecked: HoldBack | null =
    checking && (await bookAllowsAnswers(deps, actor, exam.templateId)) ? lockedOrHeld : null;
  return {
    id: exam.id,
    user_id: exam.userId,
    template_id: exam.templateId,
    name: exam.name,
    kind: exam.kind as ExamView['kind'],
    source: exam.source as ExamView['source'],
    status: exam.status as ExamView['status'],
    sections: sections.map((s) =>
      toSection(
        s,
        items
          .filter((i) => i.sectionIndex === s.index)
          .map((i) => toItem(i, questions, holdBack, stats, revealChecked)),
      ),
    ),
    result: (exam.result as ExamResult | null) ?? null,
    create_option: exam.createOption as CreateOption,
    cursor: { section_index: exam.cursorSection, question_index: exam.cursorQuestion },
    is_auto_commit: exam.isAutoCommit,
    revision: exam.revision,
    created_at: unix(exam.createdAt)!,
  };
}

export async function getExam(deps: ViewDeps, actor: Actor, id: number): Promise<ExamView> {
  const exam = await findExam(deps.database.db, id, actor.user.id);
  if (!exam) throw examNotFound();
  return examView(deps, actor, exam);
}

/** The result page: the same view, only for a finished exam. */
export async function examResult(deps: ViewDeps, actor: Actor, id: number): Promise<ExamView> {
  const exam = await findExam(deps.database.db, id, actor.user.id);
  if (!exam) throw examNotFound();
  if (exam.status !== 'Finished')
    throw new AppError('invalid_input', 'the exam is not finished', '考试尚未交卷，还没有成绩');
  return examView(deps, actor, exam);
}
