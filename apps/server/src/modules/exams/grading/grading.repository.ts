import type { Answer, ContentQuestion } from '@gre/contracts';
import { bookItems, bookTemplates, examItems, examSections, questions, userBooks, type Tx } from '@gre/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ResultSection } from './result.js';

// The statements of submitting a section (grading.service.ts), all inside the change's transaction with the exam
// row locked.

/** A section's item with what grading needs of its question. */
export type SectionItem = {
  position: number;
  questionId: string;
  inputKind: string;
  answer: Answer | null;
  state: string;
  usedTimeSeconds: number;
  /** Checked in untimed practice: graded and recorded then. */
  checked: boolean;
  inputMethod: ContentQuestion['input_method'];
  standardAnswer: ContentQuestion['standard_answer'];
};

export async function sectionItems(tx: Tx, examId: number, sectionIndex: number): Promise<SectionItem[]> {
  return (await tx
    .select({
      position: examItems.position,
      questionId: examItems.questionId,
      inputKind: examItems.inputKind,
      answer: examItems.answer,
      state: examItems.state,
      usedTimeSeconds: examItems.usedTimeSeconds,
      checked: sql<boolean>`${examItems.checkedAt} is not null`,
      inputMethod: questions.inputMethod,
      standardAnswer: questions.standardAnswer,
    })
    .from(examItems)
    .innerJoin(questions, eq(questions.id, examItems.questionId))
    .where(and(eq(examItems.examId, examId), eq(examItems.sectionIndex, sectionIndex)))
    .orderBy(asc(examItems.position))) as SectionItem[];
}

/** Every item of the section gets its `correct`, true exactly at `rightPositions`, in one statement. */
export async function markCorrect(
  tx: Tx,
  examId: number,
  sectionIndex: number,
  rightPositions: number[],
): Promise<void> {
  const rightList = rightPositions.length
    ? sql.join(
        rightPositions.map((p) => sql`${p}::int`),
        sql`, `,
      )
    : null;
  await tx.execute(
    sql`update exam_items set correct = ${rightList ? sql`position in (${rightList})` : sql`false`} where exam_id = ${examId} and section_index = ${sectionIndex}::int`,
  );
}

export async function closeSection(
  tx: Tx,
  examId: number,
  sectionIndex: number,
  result: { correct: number; total: number },
): Promise<void> {
  await tx
    .update(examSections)
    .set({ finished: true, result })
    .where(and(eq(examSections.examId, examId), eq(examSections.index, sectionIndex)));
}

/**
 * Rows in question-id order: two sections submitted at once lock the shared question_stats rows in the same order,
 * so they wait for each other instead of deadlocking.
 */
const byKey = <V>(m: Map<string, V>): [string, V][] => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export interface QuestionSums {
  attempts: number;
  correct: number;
  time: number;
}

/** One statement: each question's attempts, right answers and seconds added to its community figures. */
export async function addCommunityStats(tx: Tx, sums: Map<string, QuestionSums>): Promise<void> {
  if (sums.size === 0) return;
  const rows = byKey(sums).map(
    ([id, s]) => sql`(${id}::text, ${s.attempts}::int, ${s.correct}::int, ${s.time}::bigint)`,
  );
  await tx.execute(sql`
    insert into question_stats (question_id, attempts, correct, time_seconds) values ${sql.join(rows, sql`, `)}
    on conflict (question_id) do update set attempts = question_stats.attempts + excluded.attempts,
      correct = question_stats.correct + excluded.correct, time_seconds = question_stats.time_seconds + excluded.time_seconds`);
}

/** The kind of a book template; undefined when it is unknown. */
export async function templateKind(tx: Tx, templateId: string): Promise<string | undefined> {
  return (await tx.select({ kind: bookTemplates.kind }).from(bookTemplates).where(eq(bookTemplates.id, templateId)))[0]
    ?.kind;
}

/** One statement: each question's `wrong` written onto the learner's craft, its count going up by one. */
export async function recordWrongCrafts(
  tx: Tx,
  userId: number,
  wrong: Map<string, unknown>,
  inHigher: boolean,
): Promise<void> {
  if (wrong.size === 0) return;
  const rows = byKey(wrong).map(
    ([id, w]) => sql`(${userId}::bigint, ${id}::text, ${JSON.stringify(w)}::jsonb, ${inHigher}::boolean)`,
  );
  await tx.execute(sql`
    insert into crafts (user_id, question_id, wrong, in_higher) values ${sql.join(rows, sql`, `)}
    on conflict (user_id, question_id) do update set
      wrong = excluded.wrong || jsonb_build_object('count', coalesce((crafts.wrong ->> 'count')::int, 0) + 1),
      in_higher = crafts.in_higher or excluded.in_higher, updated_at = now()`);
}

/** One statement: each prompt's essay written onto the learner's craft as its `issue`. */
export async function recordEssayCrafts(tx: Tx, userId: number, essays: Map<string, unknown>): Promise<void> {
  if (essays.size === 0) return;
  const rows = byKey(essays).map(([id, e]) => sql`(${userId}::bigint, ${id}::text, ${JSON.stringify(e)}::jsonb)`);
  await tx.execute(sql`
    insert into crafts (user_id, question_id, issue) values ${sql.join(rows, sql`, `)}
    on conflict (user_id, question_id) do update set issue = excluded.issue, updated_at = now()`);
}

/** The index of an adaptive area's section 2; undefined when the exam has none. */
export async function secondSectionIndex(tx: Tx, examId: number, area: string): Promise<number | undefined> {
  const [second] = await tx
    .select({ index: examSections.index })
    .from(examSections)
    .where(and(eq(examSections.examId, examId), eq(examSections.area, area), eq(examSections.part, 2)));
  return second?.index;
}

/** A mock section's questions in book order, with the input kind an exam item copies. */
export async function mockSectionQuestions(
  tx: Tx,
  templateId: string,
  bookSection: string,
): Promise<{ questionId: string; inputKind: string }[]> {
  return tx
    .select({ questionId: bookItems.questionId, inputKind: sql<string>`${questions.inputMethod} ->> 'kind'` })
    .from(bookItems)
    .innerJoin(questions, eq(questions.id, bookItems.questionId))
    .where(and(eq(bookItems.bookId, templateId), eq(bookItems.section, bookSection)))
    .orderBy(asc(bookItems.position));
}

/** Fills an empty section 2 with the picked questions and records its level and source. */
export async function fillSection(
  tx: Tx,
  examId: number,
  index: number,
  level: string,
  bookSection: string,
  picked: { questionId: string; inputKind: string }[],
): Promise<void> {
  if (picked.length > 0) {
    await tx.insert(examItems).values(
      picked.map((p, position) => ({
        examId,
        sectionIndex: index,
        position,
        questionId: p.questionId,
        inputKind: p.inputKind,
      })),
    );
  }
  await tx
    .update(examSections)
    .set({ difficulty: level, bookSection, questionCount: picked.length })
    .where(and(eq(examSections.examId, examId), eq(examSections.index, index)));
}

/** The first section not yet submitted, with its clock figures; undefined when all are. */
export async function nextOpenSection(
  tx: Tx,
  examId: number,
): Promise<{ index: number; timeLimit: number; used: number } | undefined> {
  const [next] = await tx
    .select({ index: examSections.index, timeLimit: examSections.timeLimitSeconds, used: examSections.usedTimeSeconds })
    .from(examSections)
    .where(and(eq(examSections.examId, examId), eq(examSections.finished, false)))
    .orderBy(asc(examSections.index))
    .limit(1);
  return next;
}

/** The section's first question is now on screen: NotEncountered becomes NotAnswered. */
/** Shows a section's first question; returns it when this opened it (the quota counts it). */
export async function showFirstItem(
  tx: Tx,
  examId: number,
  sectionIndex: number,
): Promise<{ questionId: string; category: number } | null> {
  const res = await tx.execute<{ question_id: string; category: number }>(
    sql`update exam_items i set state = 'NotAnswered' from questions q
      where q.id = i.question_id and i.exam_id = ${examId} and i.section_index = ${sectionIndex}::int and i.position = 0 and i.state = 'NotEncountered'
      returning i.question_id, q.category::int as category`,
  );
  const r = res.rows[0];
  return r ? { questionId: r.question_id, category: Number(r.category) } : null;
}

/** Every section and graded item of an exam, for its result. */
export async function resultSections(tx: Tx, examId: number): Promise<ResultSection[]> {
  const [sections, items] = [
    await tx.select().from(examSections).where(eq(examSections.examId, examId)).orderBy(asc(examSections.index)),
    await tx
      .select({
        sectionIndex: examItems.sectionIndex,
        kind: questions.kind,
        inputKind: examItems.inputKind,
        correct: examItems.correct,
        usedTimeSeconds: examItems.usedTimeSeconds,
        answer: examItems.answer,
      })
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
      .map((i) => ({
        kind: i.kind,
        inputKind: i.inputKind,
        correct: i.correct === true,
        usedTimeSeconds: i.usedTimeSeconds,
        answer: i.answer as Answer | null,
      })),
  }));
}

/** The learner's copy of the book is finished. */
export async function finishUserBook(tx: Tx, userId: number, templateId: string, now: Date): Promise<void> {
  await tx
    .update(userBooks)
    .set({ status: 'Finish', updatedAt: now })
    .where(and(eq(userBooks.userId, userId), eq(userBooks.templateId, templateId)));
}
