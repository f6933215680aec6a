import { section2Level, type Answer, type ContentQuestion, type ExamResult } from '@gre/contracts';
import { bookItems, bookTemplates, examItems, examSections, questions, userBooks } from '@gre/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startSectionClock, type LockedExam, type Tx } from '../change.repository.js';
import { recordSectionStudy } from '../../summary/study.js';
import { computeResult, gradeItem, isGradable, type ResultSection } from './result.js';

/** What submitting a section leaves the exam as. */
export interface Submitted {
  status: 'PartCompleted' | 'Finished';
  /** The first question of the next section; absent when the exam is finished (the cursor stays). */
  cursor?: { section: number; position: number };
  /** The next section's clock figures, when there is one. */
  next?: { index: number; timeLimit: number; used: number };
  result?: ExamResult;
}

type SectionItem = {
  position: number;
  questionId: string;
  inputKind: string;
  answer: Answer | null;
  state: string;
  usedTimeSeconds: number;
  inputMethod: ContentQuestion['input_method'];
  standardAnswer: ContentQuestion['standard_answer'];
};

/**
 * Submits one section (finish_section, and the clock's auto-submit, share this): grades every item, records the
 * section result, picks section 2 after a section 1, adds the community figures and the learner's wrong answers and
 * essay, then either opens the next section (its clock starting) or finishes the exam with its result. Runs inside the change's
 * transaction with the exam row locked; the caller saves status, cursor and revision.
 */
export async function submitSection(tx: Tx, exam: LockedExam, sectionIndex: number): Promise<Submitted> {
  const section = exam.section!;
  const items: SectionItem[] = (await tx
    .select({
      position: examItems.position,
      questionId: examItems.questionId,
      inputKind: examItems.inputKind,
      answer: examItems.answer,
      state: examItems.state,
      usedTimeSeconds: examItems.usedTimeSeconds,
      inputMethod: questions.inputMethod,
      standardAnswer: questions.standardAnswer,
    })
    .from(examItems)
    .innerJoin(questions, eq(questions.id, examItems.questionId))
    .where(and(eq(examItems.examId, exam.id), eq(examItems.sectionIndex, sectionIndex)))
    .orderBy(asc(examItems.position))) as SectionItem[];

  const graded = items.map((i) => ({ ...i, correct: gradeItem(i, { input_method: i.inputMethod, standard_answer: i.standardAnswer }) }));
  const right = graded.filter((i) => i.correct);
  const correct = right.length;
  const rightList = right.length ? sql.join(right.map((i) => sql`${i.position}::int`), sql`, `) : null;
  await tx.execute(sql`update exam_items set correct = ${rightList ? sql`position in (${rightList})` : sql`false`} where exam_id = ${exam.id} and section_index = ${sectionIndex}::int`);
  await tx
    .update(examSections)
    .set({ finished: true, result: { correct, total: items.length } })
    .where(and(eq(examSections.examId, exam.id), eq(examSections.index, sectionIndex)));

  const answered = graded.filter((i) => i.state === 'Answered' && isGradable(i.inputKind));
  await addCommunityStats(tx, answered);
  await recordCrafts(tx, exam, graded);
  const sectionTime = graded.reduce((n, i) => n + i.usedTimeSeconds, 0);
  await recordSectionStudy(tx, exam.userId, answered.map((i) => ({ questionId: i.questionId, right: i.correct })), sectionTime);
  if (section.part === 1 && (section.area === 'verbal' || section.area === 'quant')) await chooseSection2(tx, exam, section.area, correct);

  const [next] = await tx
    .select({ index: examSections.index, timeLimit: examSections.timeLimitSeconds, used: examSections.usedTimeSeconds })
    .from(examSections)
    .where(and(eq(examSections.examId, exam.id), eq(examSections.finished, false)))
    .orderBy(asc(examSections.index))
    .limit(1);
  if (next) {
    // The next section opens now: its questions become visible, so its clock starts (decision 015).
    await tx.execute(sql`update exam_items set state = 'NotAnswered' where exam_id = ${exam.id} and section_index = ${next.index}::int and position = 0 and state = 'NotEncountered'`);
    await startSectionClock(tx, exam.id, next.index);
    return { status: 'PartCompleted', cursor: { section: next.index, position: 0 }, next };
  }
  const result = computeResult(await resultSections(tx, exam.id));
  if (exam.templateId) {
    await tx
      .update(userBooks)
      .set({ status: 'Finish', updatedAt: sql`now()` })
      .where(and(eq(userBooks.userId, exam.userId), eq(userBooks.templateId, exam.templateId)));
  }
  return { status: 'Finished', result };
}

/**
 * Rows in question-id order: two sections submitted at once lock the shared question_stats rows in the same order,
 * so they wait for each other instead of deadlocking.
 */
const byKey = <V>(m: Map<string, V>): [string, V][] => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** One statement per section: attempts, right answers and seconds of every answered question, summed per question. */
async function addCommunityStats(tx: Tx, answered: (SectionItem & { correct: boolean })[]): Promise<void> {
  const sums = new Map<string, { attempts: number; correct: number; time: number }>();
  for (const i of answered) {
    const s = sums.get(i.questionId) ?? { attempts: 0, correct: 0, time: 0 };
    s.attempts += 1;
    s.correct += i.correct ? 1 : 0;
    s.time += i.usedTimeSeconds;
    sums.set(i.questionId, s);
  }
  if (sums.size === 0) return;
  const rows = byKey(sums).map(([id, s]) => sql`(${id}::text, ${s.attempts}::int, ${s.correct}::int, ${s.time}::bigint)`);
  await tx.execute(sql`
    insert into question_stats (question_id, attempts, correct, time_seconds) values ${sql.join(rows, sql`, `)}
    on conflict (question_id) do update set attempts = question_stats.attempts + excluded.attempts,
      correct = question_stats.correct + excluded.correct, time_seconds = question_stats.time_seconds + excluded.time_seconds`);
}

/**
 * The learner's craft rows: each answered-but-wrong question's `wrong` (latest answer, its time, where it came from,
 * how many times it went wrong) and each written essay's `issue` awaiting judging. One statement each.
 */
async function recordCrafts(tx: Tx, exam: LockedExam, graded: (SectionItem & { correct: boolean })[]): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const inHigher = exam.templateId ? (await tx.select({ kind: bookTemplates.kind }).from(bookTemplates).where(eq(bookTemplates.id, exam.templateId)))[0]?.kind === 'higher' : false;
  const source = { name: exam.name, exam_id: exam.id, template_id: exam.templateId, update_time_stamp: now };
  const wrong = new Map<string, unknown>();
  for (const i of graded) {
    if (i.state === 'Answered' && isGradable(i.inputKind) && !i.correct) wrong.set(i.questionId, { answer: i.answer, time: i.usedTimeSeconds, source, count: 1 });
  }
  if (wrong.size > 0) {
    const rows = byKey(wrong).map(([id, w]) => sql`(${exam.userId}::bigint, ${id}::text, ${JSON.stringify(w)}::jsonb, ${inHigher}::boolean)`);
    await tx.execute(sql`
      insert into crafts (user_id, question_id, wrong, in_higher) values ${sql.join(rows, sql`, `)}
      on conflict (user_id, question_id) do update set
        wrong = excluded.wrong || jsonb_build_object('count', coalesce((crafts.wrong ->> 'count')::int, 0) + 1),
        in_higher = crafts.in_higher or excluded.in_higher, updated_at = now()`);
  }
  const essays = new Map<string, unknown>();
  for (const i of graded) {
    if (i.inputKind === 'Essay' && i.state === 'Answered' && i.answer) essays.set(i.questionId, { answer: i.answer.essay, result: { status: 'Judging' }, source });
  }
  if (essays.size > 0) {
    const rows = byKey(essays).map(([id, e]) => sql`(${exam.userId}::bigint, ${id}::text, ${JSON.stringify(e)}::jsonb)`);
    await tx.execute(sql`
      insert into crafts (user_id, question_id, issue) values ${sql.join(rows, sql`, `)}
      on conflict (user_id, question_id) do update set issue = excluded.issue, updated_at = now()`);
  }
}

/** After section 1: the section-1 raw score picks the level; section 2 takes that variant of the mock ('v2-hard'). */
async function chooseSection2(tx: Tx, exam: LockedExam, area: 'verbal' | 'quant', raw: number): Promise<void> {
  const level = section2Level(raw);
  const [second] = await tx
    .select({ index: examSections.index })
    .from(examSections)
    .where(and(eq(examSections.examId, exam.id), eq(examSections.area, area), eq(examSections.part, 2)));
  if (!second || !exam.templateId) return;
  const bookSection = `${area === 'verbal' ? 'v' : 'q'}2-${level}`;
  const picked = await tx
    .select({ questionId: bookItems.questionId, inputKind: sql<string>`${questions.inputMethod} ->> 'kind'` })
    .from(bookItems)
    .innerJoin(questions, eq(questions.id, bookItems.questionId))
    .where(and(eq(bookItems.bookId, exam.templateId), eq(bookItems.section, bookSection)))
    .orderBy(asc(bookItems.position));
  if (picked.length > 0) {
    await tx.insert(examItems).values(picked.map((p, position) => ({ examId: exam.id, sectionIndex: second.index, position, questionId: p.questionId, inputKind: p.inputKind })));
  }
  await tx
    .update(examSections)
    .set({ difficulty: level, bookSection, questionCount: picked.length })
    .where(and(eq(examSections.examId, exam.id), eq(examSections.index, second.index)));
}

/** Every section and graded item of an exam, for its result. */
async function resultSections(tx: Tx, examId: number): Promise<ResultSection[]> {
  const [sections, items] = [
    await tx.select().from(examSections).where(eq(examSections.examId, examId)).orderBy(asc(examSections.index)),
    await tx
      .select({ sectionIndex: examItems.sectionIndex, kind: questions.kind, inputKind: examItems.inputKind, correct: examItems.correct, usedTimeSeconds: examItems.usedTimeSeconds, answer: examItems.answer })
      .from(examItems)
      .innerJoin(questions, eq(questions.id, examItems.questionId))
      .where(eq(examItems.examId, examId))
      .orderBy(asc(examItems.sectionIndex), asc(examItems.position)),
  ];
  return sections.map((s) => ({
    area: s.area,
    part: s.part,
    difficulty: s.difficulty,
    usedTimeSeconds: s.usedTimeSeconds,
    items: items
      .filter((i) => i.sectionIndex === s.index)
      .map((i) => ({ kind: i.kind, inputKind: i.inputKind, correct: i.correct === true, usedTimeSeconds: i.usedTimeSeconds, answer: i.answer as Answer | null })),
  }));
}
