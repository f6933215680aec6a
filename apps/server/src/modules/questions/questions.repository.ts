import { passages, questions, type Db } from '@gre/db';
import { and, arrayContains, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';

export type QuestionRowFull = typeof questions.$inferSelect;
export type PassageRowFull = typeof passages.$inferSelect;

/** The columns a list line needs: never the answer, the analysis or the search text. */
export const briefColumns = {
  id: questions.id,
  category: questions.category,
  kind: questions.kind,
  difficulty: questions.difficulty,
  topic: questions.topic,
  tags: questions.tags,
  visibility: questions.visibility,
  brief: questions.brief,
  inquiry: questions.inquiry,
};
export type BriefRow = Pick<QuestionRowFull, keyof typeof briefColumns>;

/** Questions with their passages, by id; unknown ids are simply absent. */
export async function findQuestions(db: Db, ids: string[]): Promise<{ question: QuestionRowFull; passage: PassageRowFull | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ question: questions, passage: passages })
    .from(questions)
    .leftJoin(passages, eq(questions.passageId, passages.id))
    .where(inArray(questions.id, ids));
}

export interface FilterQuery {
  /** 0: every category but words. */
  category: number;
  kind?: string | undefined;
  difficulty?: string | undefined;
  topic?: string | undefined;
  tag?: string | undefined;
  keyword?: string | undefined;
  /** The visibilities this viewer may see outside books. */
  visibilities: string[];
  limit: number;
  offset: number;
}

/** Escapes LIKE wildcards so a keyword is matched literally. */
function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** One page of the big bank and the total, both under the same conditions. */
export async function filterQuestions(db: Db, q: FilterQuery): Promise<{ rows: BriefRow[]; total: number }> {
  const where: SQL[] = [inArray(questions.visibility, q.visibilities)];
  where.push(q.category === 0 ? sql`${questions.category} between 1 and 4` : eq(questions.category, q.category));
  if (q.kind) where.push(eq(questions.kind, q.kind));
  if (q.difficulty) where.push(eq(questions.difficulty, q.difficulty));
  if (q.topic) where.push(eq(questions.topic, q.topic));
  if (q.tag) where.push(arrayContains(questions.tags, [q.tag]));
  if (q.keyword) where.push(ilike(questions.searchText, `%${likeLiteral(q.keyword.toLowerCase())}%`));
  const cond = and(...where);
  const [rows, [count]] = await Promise.all([
    db.select(briefColumns).from(questions).where(cond).orderBy(asc(questions.category), asc(questions.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(questions).where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
