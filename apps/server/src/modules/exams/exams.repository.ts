import { bookItems, examItems, exams, examSections, questions, questionStats, userBooks, type Db } from '@gre/db';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { listConditions, type ListFilter } from '@gre/db/queries';
import type { Tx } from '@gre/db';
import type { ExamPlan, PlanItem } from './plan.js';

export type ExamRow = typeof exams.$inferSelect;
export type SectionRow = typeof examSections.$inferSelect;
export type ItemRow = typeof examItems.$inferSelect;

/** A book's questions in book order with what an exam copies of them; `sections` narrows to some (a mock's v1, q1…). */
export async function bookQuestions(
  db: Db,
  bookId: string,
  sections?: string[],
): Promise<(PlanItem & { section: string; visibility: string })[]> {
  const where = [eq(bookItems.bookId, bookId)];
  if (sections) where.push(inArray(bookItems.section, sections));
  return db
    .select({
      section: bookItems.section,
      questionId: questions.id,
      category: questions.category,
      visibility: questions.visibility,
      inputKind: sql<string>`${questions.inputMethod} ->> 'kind'`,
    })
    .from(bookItems)
    .innerJoin(questions, eq(questions.id, bookItems.questionId))
    .where(and(...where))
    .orderBy(asc(bookItems.position));
}

/** A bank filter (the same as the big bank's list) for the learner who draws from it. */
export interface DrawQuery extends ListFilter {
  userId: number;
  mathCreateKind: 'any' | 'comparison' | 'solving';
  includeDone: boolean;
  pickFirst: boolean;
  count: number;
}

/**
 * A filter exam's questions: the big bank's conditions (the same as /api/question/filter), then the quant family,
 * then — unless `includeDone` — nothing this learner answered in an earlier exam; the first in bank order or a
 * random draw.
 */
export async function drawQuestions(db: Db, q: DrawQuery): Promise<PlanItem[]> {
  const where: SQL[] = listConditions(q);
  if (q.mathCreateKind === 'comparison') where.push(eq(questions.kind, 'qc'));
  if (q.mathCreateKind === 'solving') where.push(eq(questions.category, 3), ne(questions.kind, 'qc'));
  if (!q.includeDone) {
    where.push(sql`not exists (select 1 from exam_items ei join exams e on e.id = ei.exam_id
      where e.user_id = ${q.userId} and ei.question_id = ${questions.id} and ei.state = 'Answered')`);
  }
  return db
    .select({
      questionId: questions.id,
      category: questions.category,
      inputKind: sql<string>`${questions.inputMethod} ->> 'kind'`,
    })
    .from(questions)
    .where(and(...where))
    .orderBy(...(q.pickFirst ? [asc(questions.category), asc(questions.id)] : [sql`random()`]))
    .limit(q.count);
}

/** Writes an exam with its sections and items; returns its id. */
export async function insertExam(tx: Tx, userId: number, plan: ExamPlan): Promise<number> {
  const [row] = await tx
    .insert(exams)
    .values({
      userId,
      templateId: plan.templateId,
      name: plan.name,
      kind: plan.kind,
      source: plan.source,
      createOption: plan.createOption,
      isAutoCommit: plan.isAutoCommit,
    })
    .returning({ id: exams.id });
  const examId = row!.id;
  await tx.insert(examSections).values(
    plan.sections.map((s, index) => ({
      examId,
      index,
      name: s.name,
      area: s.area,
      part: s.part,
      bookSection: s.bookSection,
      timeLimitSeconds: s.timeLimit,
      questionCount: s.questionCount,
    })),
  );
  const items = plan.sections.flatMap((s, sectionIndex) =>
    s.items.map((i, position) => ({
      examId,
      sectionIndex,
      position,
      questionId: i.questionId,
      inputKind: i.inputKind,
    })),
  );
  if (items.length > 0) await tx.insert(examItems).values(items);
  return examId;
}

/**
 * The learner's copy of the book now runs this exam. A copy once Finish stays Finish (a `prevent` book keeps its
 * answers open after the first finish); the newest copy is the one every reader takes.
 */
export async function linkUserBook(tx: Tx, userId: number, templateId: string, examId: number): Promise<void> {
  const [copy] = await tx
    .select({ id: userBooks.id })
    .from(userBooks)
    .where(and(eq(userBooks.userId, userId), eq(userBooks.templateId, templateId)))
    .orderBy(desc(userBooks.id))
    .limit(1)
    .for('update');
  let id = copy?.id;
  if (id === undefined) {
    const [row] = await tx
      .insert(userBooks)
      .values({ userId, templateId, examId, status: 'Start' })
      .returning({ id: userBooks.id });
    id = row!.id;
  } else {
    await tx
      .update(userBooks)
      .set({
        examId,
        status: sql`case when ${userBooks.status} = 'Finish' then 'Finish' else 'Start' end`,
        updatedAt: sql`now()`,
      })
      .where(eq(userBooks.id, id));
  }
  await tx.update(exams).set({ userBookId: id }).where(eq(exams.id, examId));
}

/** One of this learner's exams, never a Close one. */
export async function findExam(db: Db, id: number, userId: number): Promise<ExamRow | null> {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, id), eq(exams.userId, userId), ne(exams.status, 'Close')));
  return row ?? null;
}

/** Sections and items of an exam in order, two queries. */
export async function examContents(db: Db, examId: number): Promise<{ sections: SectionRow[]; items: ItemRow[] }> {
  const [sections, items] = await Promise.all([
    db.select().from(examSections).where(eq(examSections.examId, examId)).orderBy(asc(examSections.index)),
    db
      .select()
      .from(examItems)
      .where(eq(examItems.examId, examId))
      .orderBy(asc(examItems.sectionIndex), asc(examItems.position)),
  ]);
  return { sections, items };
}

/** The community figures of some questions. */
export async function statsOf(
  db: Db,
  ids: string[],
): Promise<Map<string, { attempts: number; correct: number; time: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(questionStats).where(inArray(questionStats.questionId, ids));
  return new Map(
    rows.map((r) => [r.questionId, { attempts: r.attempts, correct: r.correct, time: Number(r.timeSeconds) }]),
  );
}

/** Removes an exam from the record; its answers stay in the crafts and the statistics. */
export async function closeExam(db: Db, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(exams)
    .set({ status: 'Close', revision: sql`${exams.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(exams.id, id), eq(exams.userId, userId), ne(exams.status, 'Close')))
    .returning({ id: exams.id });
  return rows.length > 0;
}

/**
 * The questions an exam will open, per daily subject: its verbal and quant sections' question counts (a mock's second
 * sections are filled only when the first is submitted, their counts are known from the start) plus the items of
 * practice sections by their category.
 */
export async function sectionNeeds(
  tx: Tx,
  examId: number,
): Promise<Partial<Record<'verbal' | 'quant' | 'words', number>>> {
  const res = await tx.execute<{ subject: string | null; n: number }>(sql`
    select case when s.area in ('verbal', 'quant') then s.area
      when q.category in (1, 2) then 'verbal' when q.category = 3 then 'quant' when q.category = 5 then 'words' end as subject,
      (case when s.area in ('verbal', 'quant') then max(s.question_count) else count(i.position) end)::int as n
    from exam_sections s
    left join exam_items i on i.exam_id = s.exam_id and i.section_index = s.index and s.area not in ('verbal', 'quant')
    left join questions q on q.id = i.question_id
    where s.exam_id = ${examId}
    group by s.index, s.area, 1`);
  const need: Partial<Record<'verbal' | 'quant' | 'words', number>> = {};
  for (const r of res.rows) {
    if (r.subject === 'verbal' || r.subject === 'quant' || r.subject === 'words')
      need[r.subject] = (need[r.subject] ?? 0) + Number(r.n);
  }
  return need;
}

/** The first question of an exam's first section, which starting it opens. */
export async function firstItem(db: Db | Tx, examId: number): Promise<{ questionId: string; category: number } | null> {
  const res = await db.execute<{ question_id: string; category: number }>(sql`
    select i.question_id, q.category::int as category from exam_items i join questions q on q.id = i.question_id
    where i.exam_id = ${examId} order by i.section_index, i.position limit 1`);
  const r = res.rows[0];
  return r ? { questionId: r.question_id, category: Number(r.category) } : null;
}
