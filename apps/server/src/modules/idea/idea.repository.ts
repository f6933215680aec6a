import { QUESTION_CATEGORIES, QUESTION_KINDS } from '@gre/contracts';
import { questions, type Db } from '@gre/db';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { briefColumns, likeLiteral, type BriefRow } from '@gre/db/queries';

export interface IdeaQuery {
  keyword?: string | undefined;
  difficulty?: string | undefined;
  /** Visibilities listed with their stem; the keyword searches their whole search text. */
  open: string[];
  /** Visibilities listed without their stem; the keyword searches only their Chinese title. */
  listedLocked: string[];
  limit: number;
  offset: number;
}

/** One page of Issue prompts and their total, both under the same conditions. */
export async function listIssuePrompts(db: Db, q: IdeaQuery): Promise<{ rows: BriefRow[]; total: number }> {
  const where: SQL[] = [
    eq(questions.category, QUESTION_CATEGORIES.issue),
    eq(questions.kind, QUESTION_KINDS.issue[0]),
    inArray(questions.visibility, [...q.open, ...q.listedLocked]),
  ];
  if (q.difficulty) where.push(eq(questions.difficulty, q.difficulty));
  if (q.keyword) {
    const pattern = `%${likeLiteral(q.keyword.toLowerCase())}%`;
    // A prompt the viewer may not open must not be findable by words of its stem or outline.
    const inOpen = and(inArray(questions.visibility, q.open), ilike(questions.searchText, pattern));
    const inLocked =
      q.listedLocked.length > 0
        ? and(inArray(questions.visibility, q.listedLocked), ilike(questions.brief, pattern))
        : undefined;
    where.push(inLocked ? or(inOpen, inLocked)! : inOpen!);
  }
  const cond = and(...where);
  const [rows, [count]] = await Promise.all([
    db.select(briefColumns).from(questions).where(cond).orderBy(asc(questions.id)).limit(q.limit).offset(q.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(cond),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
