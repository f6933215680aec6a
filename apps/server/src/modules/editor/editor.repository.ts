import type { DraftBody, EditorStatus } from '@gre/contracts';
import { passages, questionDrafts, questionRevisions, questions, users, type Queryable, type Tx } from '@gre/db';
import { advisoryLock, likeLiteral } from '@gre/db/queries';
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';

export type QuestionRow = typeof questions.$inferSelect;
export type PassageRow = typeof passages.$inferSelect;
export type DraftRow = typeof questionDrafts.$inferSelect;

/** The editor writes the four test categories; words (5) come from the word lists. */
const EDITABLE = sql`${questions.category} between 1 and 4`;

export interface LineFilter {
  query: string;
  kind?: string | undefined;
  difficulty?: string | undefined;
  status?: EditorStatus | undefined;
  limit: number;
  offset: number;
}

export type LineRow = {
  question_id: string | null;
  draft_id: number | null;
  kind: string;
  difficulty: string;
  brief: string;
  inquiry: string;
  status: EditorStatus;
  updated_at: Date | string;
};

/**
 * Live questions (with the draft over each, if any) and drafts of new questions as one list: new drafts first, then
 * by id. A word matches the id, the brief or the stem.
 */
export async function findLines(db: Queryable, f: LineFilter): Promise<{ rows: LineRow[]; total: number }> {
  const like = `%${likeLiteral(f.query.trim().toLowerCase())}%`;
  const live: SQL[] = [sql`q.category between 1 and 4`];
  const fresh: SQL[] = [sql`d.question_id is null`];
  if (f.query.trim()) {
    live.push(sql`(lower(q.id) like ${like} or lower(q.inquiry) like ${like} or lower(q.brief) like ${like})`);
    fresh.push(
      sql`(lower(d.body->'question'->>'inquiry') like ${like} or lower(d.body->'question'->>'brief') like ${like})`,
    );
  }
  if (f.kind) {
    live.push(sql`q.kind = ${f.kind}`);
    fresh.push(sql`d.kind = ${f.kind}`);
  }
  if (f.difficulty) {
    live.push(sql`q.difficulty = ${f.difficulty}`);
    fresh.push(sql`d.body->'question'->>'difficulty' = ${f.difficulty}`);
  }
  const union = sql`
    select q.id as question_id, d.id as draft_id, q.kind, q.difficulty, q.brief, q.inquiry,
      case when d.id is null then 'published' else 'modified' end as status,
      greatest(q.updated_at, coalesce(d.updated_at, q.updated_at)) as updated_at
    from ${questions} q left join ${questionDrafts} d on d.question_id = q.id
    where ${sql.join(live, sql` and `)}
    union all
    select null, d.id, d.kind, coalesce(d.body->'question'->>'difficulty', ''), coalesce(d.body->'question'->>'brief', ''),
      coalesce(d.body->'question'->>'inquiry', ''), 'draft', d.updated_at
    from ${questionDrafts} d
    where ${sql.join(fresh, sql` and `)}`;
  const status = f.status ? sql`where status = ${f.status}` : sql``;
  const result = await db.execute<LineRow & { total: number }>(sql`
    select *, count(*) over ()::int as total from (${union}) lines ${status}
    order by (status = 'draft') desc, question_id nulls first, draft_id
    limit ${f.limit} offset ${f.offset}`);
  const rows = result.rows;
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function questionById(db: Queryable, id: string): Promise<QuestionRow | null> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), EDITABLE));
  return row ?? null;
}

export async function questionsByIds(db: Queryable, ids: string[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(and(inArray(questions.id, ids), EDITABLE))
    .orderBy(questions.id);
}

export async function passageById(db: Queryable, id: string): Promise<PassageRow | null> {
  const [row] = await db.select().from(passages).where(eq(passages.id, id));
  return row ?? null;
}

export async function passagesByIds(db: Queryable, ids: string[]): Promise<PassageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(passages).where(inArray(passages.id, ids)).orderBy(passages.id);
}

/** Passages by id, title or a word of the text, with how many questions read each. */
export async function findPassages(db: Queryable, query: string, limit: number) {
  const like = `%${likeLiteral(query.trim().toLowerCase())}%`;
  const where = query.trim()
    ? sql`lower(p.id) like ${like} or lower(p.title) like ${like} or lower(p.text) like ${like}`
    : sql`true`;
  const result = await db.execute<{ id: string; kind: string; title: string; questions: number }>(sql`
    select p.id, p.kind, p.title, (select count(*)::int from ${questions} q where q.passage_id = p.id) as questions
    from ${passages} p where ${where} order by p.id desc limit ${limit}`);
  return result.rows;
}

/** The other live questions reading a passage: a changed passage must keep their answers (sentence indexes) right. */
export async function questionsOfPassage(db: Queryable, passageId: string, except: string | null) {
  const rows = await db.select().from(questions).where(eq(questions.passageId, passageId));
  return rows.filter((r) => r.id !== except);
}

/** Every live stem of the four categories, for the near-duplicate check of a publish. */
export async function liveStems(db: Queryable) {
  return db
    .select({
      id: questions.id,
      passage_id: questions.passageId,
      inquiry: questions.inquiry,
      quantity_a: questions.quantityA,
      quantity_b: questions.quantityB,
    })
    .from(questions)
    .where(EDITABLE);
}

/** The highest number after `prefix-` among ids of `table`'s kind (questions or passages); 0 when none. */
export async function highestNumber(db: Queryable, of: 'question' | 'passage', prefix: string): Promise<number> {
  const table = of === 'question' ? questions : passages;
  const pattern = `^${prefix.replace(/-/g, '\\-')}-([0-9]{1,6})$`;
  const result = await db.execute<{ n: number | null }>(
    sql`select max((regexp_match(${table.id}, ${pattern}))[1]::int) as n from ${table}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Serialises publishes: two new questions of one kind would otherwise take the same next id. */
export async function lockPublishes(tx: Tx): Promise<void> {
  await advisoryLock(tx, 'question-editor');
}

export async function draftById(db: Queryable, id: number): Promise<DraftRow | null> {
  const [row] = await db.select().from(questionDrafts).where(eq(questionDrafts.id, id));
  return row ?? null;
}

export async function draftOfQuestion(db: Queryable, questionId: string): Promise<DraftRow | null> {
  const [row] = await db.select().from(questionDrafts).where(eq(questionDrafts.questionId, questionId));
  return row ?? null;
}

export async function insertDraft(
  db: Queryable,
  values: { questionId: string | null; body: DraftBody; baseRevision: number; userId: number },
): Promise<number> {
  const [row] = await db
    .insert(questionDrafts)
    .values({
      questionId: values.questionId,
      kind: values.body.question.kind,
      body: values.body,
      baseRevision: values.baseRevision,
      updatedBy: values.userId,
    })
    .returning({ id: questionDrafts.id });
  return row!.id;
}

export async function updateDraft(db: Queryable, id: number, body: DraftBody, userId: number): Promise<void> {
  await db
    .update(questionDrafts)
    .set({ body, kind: body.question.kind, updatedBy: userId, updatedAt: sql`now()` })
    .where(eq(questionDrafts.id, id));
}

export async function deleteDrafts(db: Queryable, draftId: number | null, questionId: string | null): Promise<void> {
  if (draftId !== null) await db.delete(questionDrafts).where(eq(questionDrafts.id, draftId));
  if (questionId !== null) await db.delete(questionDrafts).where(eq(questionDrafts.questionId, questionId));
}

export async function latestRevision(db: Queryable, questionId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${questionRevisions.revision}), 0)::int` })
    .from(questionRevisions)
    .where(eq(questionRevisions.questionId, questionId));
  return Number(row?.n ?? 0);
}

export async function insertRevision(
  db: Queryable,
  values: { questionId: string; revision: number; actorId: number; before: DraftBody | null; after: DraftBody },
): Promise<void> {
  await db.insert(questionRevisions).values(values);
}

export async function revisionsOf(db: Queryable, questionId: string) {
  return db
    .select({
      revision: questionRevisions.revision,
      actorId: questionRevisions.actorId,
      actorName: users.name,
      createdAt: questionRevisions.createdAt,
      before: questionRevisions.before,
      after: questionRevisions.after,
    })
    .from(questionRevisions)
    .leftJoin(users, eq(users.id, questionRevisions.actorId))
    .where(eq(questionRevisions.questionId, questionId))
    .orderBy(desc(questionRevisions.revision));
}

/** Ids of the questions published from the editor since `since`, in id order. */
export async function publishedSince(db: Queryable, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: questionRevisions.questionId })
    .from(questionRevisions)
    .where(gte(questionRevisions.createdAt, since))
    .orderBy(questionRevisions.questionId)
    .limit(limit);
  return rows.map((r) => r.id);
}
