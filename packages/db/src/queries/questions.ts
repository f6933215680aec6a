import { arrayContains, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { questions, type passages } from '../schema/index.js';

export type QuestionRowFull = typeof questions.$inferSelect;
export type PassageRowFull = typeof passages.$inferSelect;

/**
 * The columns a list line needs: never the answer, the analysis or the search text. Every module that lists questions
 * (books, personal pages, search, media, the Issue prompts, due reviews) selects these, so a list line cannot leak.
 */
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

/** Escapes LIKE wildcards so a keyword is matched literally. */
export function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Two CJK characters: a term the trigram index cannot narrow (no trigram), the bigram index can (migration 0012). */
const CJK_PAIR = /^[\u3400-\u9fff\uf900-\ufaff]{2}$/u;

/**
 * search_text (stored lower-cased) holds the lower-cased `term`. A LIKE the trigram index narrows, or for a
 * two-character Chinese term the generated `search_bigrams` column (not in the drizzle schema: migration 0012),
 * which holds the pair exactly when search_text does.
 */
export function textHolds(term: string): SQL {
  return CJK_PAIR.test(term)
    ? sql`"questions"."search_bigrams" @> array[${term}]::text[]`
    : like(questions.searchText, `%${likeLiteral(term)}%`);
}

/** The big bank's conditions besides the keyword: the same for /api/question/filter, search and a filter exam's draw. */
export interface ListFilter {
  /** 0: every category but words. */
  category: number;
  kind?: string | undefined;
  difficulty?: string | undefined;
  topic?: string | undefined;
  tag?: string | undefined;
  /** The visibilities this viewer may see outside books. */
  visibilities: string[];
}

/**
 * The conditions of a filter that question_counts knows: everything but the keyword. `withText`: the query also
 * matches text, and the text index must drive it. The category then reads `category + 0`, which no index serves:
 * otherwise PostgreSQL ANDs the text bitmap with a scan of the whole category in the list index, measured at 30–70 ms
 * of 50–130 ms over 100,000 questions, where filtering the text index's candidates took 20–30 ms in all.
 */
export function listConditions(q: ListFilter, withText = false): SQL[] {
  const where: SQL[] = [inArray(questions.visibility, q.visibilities)];
  const category = withText ? sql`(${questions.category} + 0)` : sql`${questions.category}`;
  where.push(q.category === 0 ? sql`${category} between 1 and 4` : sql`${category} = ${q.category}`);
  if (q.kind) where.push(eq(questions.kind, q.kind));
  if (q.difficulty) where.push(eq(questions.difficulty, q.difficulty));
  if (q.topic) where.push(eq(questions.topic, q.topic));
  if (q.tag) where.push(arrayContains(questions.tags, [q.tag]));
  return where;
}
