import { isGradable, section2Level, type ExamResult } from '@gre/contracts';
import type { Tx } from '@gre/db';
import { countOpened } from '../../../lib/quota.js';
import { recordExamEssays, withEssayJudging } from '../../essays/index.js';
import { recordSectionStudy } from '../../summary/index.js';
import { startSectionClock, type LockedExam } from '../change.repository.js';
import {
  addCommunityStats,
  closeSection,
  fillSection,
  finishUserBook,
  markCorrect,
  mockSectionQuestions,
  nextOpenSection,
  recordEssayCrafts,
  recordWrongCrafts,
  resultSections,
  secondSectionIndex,
  sectionItems,
  showFirstItem,
  templateKind,
  type QuestionSums,
  type SectionItem,
} from './grading.repository.js';
import { computeResult, gradeItem } from './result.js';

/** What submitting a section leaves the exam as. */
export interface Submitted {
  status: 'PartCompleted' | 'Finished';
  /** The first question of the next section; absent when the exam is finished (the cursor stays). */
  cursor?: { section: number; position: number };
  /** The next section's clock figures, when there is one. */
  next?: { index: number; timeLimit: number; used: number };
  result?: ExamResult;
}

export type GradedItem = SectionItem & { correct: boolean };

/**
 * Submits one section (finish_section, and the clock's auto-submit, share this): grades every item, records the
 * section result, picks section 2 after a section 1, adds the community figures and the learner's wrong answers and
 * essay, then either opens the next section (its clock starting) or finishes the exam with its result. Runs inside the change's
 * transaction with the exam row locked; the caller saves status, cursor and revision.
 */
export async function submitSection(tx: Tx, exam: LockedExam, sectionIndex: number): Promise<Submitted> {
  const section = exam.section!;
  const items = await sectionItems(tx, exam.id, sectionIndex);

  const graded: GradedItem[] = items.map((i) => ({
    ...i,
    correct: gradeItem(i, { input_method: i.inputMethod, standard_answer: i.standardAnswer }),
  }));
  const right = graded.filter((i) => i.correct);
  const correct = right.length;
  await markCorrect(
    tx,
    exam.id,
    sectionIndex,
    right.map((i) => i.position),
  );
  await closeSection(tx, exam.id, sectionIndex, { correct, total: items.length });

  // Answers checked in untimed practice were recorded when checked.
  await recordAnswers(
    tx,
    exam,
    graded.filter((i) => !i.checked),
  );
  if (section.part === 1 && (section.area === 'verbal' || section.area === 'quant'))
    await chooseSection2(tx, exam, section.area, correct);

  const next = await nextOpenSection(tx, exam.id);
  if (next) {
    // The next section opens now: its questions become visible, so its clock starts (decision 015).
    // Its first question is on screen now: it counts, without a limit (a submit never fails on a quota); staff have none.
    const shown = await showFirstItem(tx, exam.id, next.index);
    if (shown && !exam.staff) await countOpened(tx, exam.userId, [shown], exam.now);
    await startSectionClock(tx, exam.id, next.index, exam.now);
    return { status: 'PartCompleted', cursor: { section: next.index, position: 0 }, next };
  }
  const computed = computeResult(await resultSections(tx, exam.id));
  const result = { ...computed, issue: await withEssayJudging(tx, exam.id, computed.issue) };
  if (exam.templateId) await finishUserBook(tx, exam.userId, exam.templateId, exam.now);
  return { status: 'Finished', result };
}

/**
 * The one path every graded answer takes, from a submitted section or a checked practice answer: the community
 * figures, the learner's wrong-answer book and essays, and today's activity with the re-review schedule.
 */
export async function recordAnswers(tx: Tx, exam: LockedExam, graded: GradedItem[]): Promise<void> {
  if (graded.length === 0) return;
  const answered = graded.filter((i) => i.state === 'Answered' && isGradable(i.inputKind));
  await addCommunityStats(tx, communitySums(answered));
  await recordCrafts(tx, exam, graded);
  const time = graded.reduce((n, i) => n + i.usedTimeSeconds, 0);
  await recordSectionStudy(
    tx,
    exam.userId,
    answered.map((i) => ({ questionId: i.questionId, right: i.correct })),
    time,
    exam.now,
  );
}

/** Attempts, right answers and seconds of every answered question, summed per question. */
function communitySums(answered: GradedItem[]): Map<string, QuestionSums> {
  const sums = new Map<string, QuestionSums>();
  for (const i of answered) {
    const s = sums.get(i.questionId) ?? { attempts: 0, correct: 0, time: 0 };
    s.attempts += 1;
    s.correct += i.correct ? 1 : 0;
    s.time += i.usedTimeSeconds;
    sums.set(i.questionId, s);
  }
  return sums;
}

/**
 * The learner's craft rows: each answered-but-wrong question's `wrong` (latest answer, its time, where it came from,
 * how many times it went wrong) and each written essay's `issue` awaiting judging. One statement each.
 */
async function recordCrafts(tx: Tx, exam: LockedExam, graded: GradedItem[]): Promise<void> {
  const now = Math.floor(exam.now.getTime() / 1000);
  const inHigher = exam.templateId ? (await templateKind(tx, exam.templateId)) === 'higher' : false;
  const source = { name: exam.name, exam_id: exam.id, template_id: exam.templateId, update_time_stamp: now };
  const wrong = new Map<string, unknown>();
  for (const i of graded) {
    if (i.state === 'Answered' && isGradable(i.inputKind) && !i.correct)
      wrong.set(i.questionId, { answer: i.answer, time: i.usedTimeSeconds, source, count: 1 });
  }
  await recordWrongCrafts(tx, exam.userId, wrong, inHigher);
  const essays = new Map<string, unknown>();
  const written: { questionId: string; answer: string }[] = [];
  for (const i of graded) {
    if (i.inputKind === 'Essay' && i.state === 'Answered' && i.answer && i.answer.essay.trim() !== '') {
      essays.set(i.questionId, { answer: i.answer.essay, result: { status: 'Judging' }, source });
      written.push({ questionId: i.questionId, answer: i.answer.essay });
    }
  }
  await recordEssayCrafts(tx, exam.userId, essays);
  // After the craft: the judging job copies its result onto the craft of this exam.
  await recordExamEssays(tx, exam, written);
}

/** After section 1: the section-1 raw score picks the level; section 2 takes that variant of the mock ('v2-hard'). */
async function chooseSection2(tx: Tx, exam: LockedExam, area: 'verbal' | 'quant', raw: number): Promise<void> {
  const level = section2Level(raw);
  const second = await secondSectionIndex(tx, exam.id, area);
  if (second === undefined || !exam.templateId) return;
  const bookSection = `${area === 'verbal' ? 'v' : 'q'}2-${level}`;
  const picked = await mockSectionQuestions(tx, exam.templateId, bookSection);
  await fillSection(tx, exam.id, second, level, bookSection, picked);
}
