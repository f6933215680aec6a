import { passages, questions, type Db } from '@gre/db';
import { and, notInArray, sql, type SQL } from 'drizzle-orm';
import { briefColumns, likeLiteral, listConditions, textHolds, type BriefRow } from '@gre/db/queries';

/**
 * Matches a search counts and ranks before it says `capped`: ten pages of twenty. Lower than the big bank's keyword
 * cap because every hit is also ranked, and a learner who has not found it in ten pages refines the query instead.
 */
export const SEARCH_MATCH_CAP = 200;

export interface SearchQuery {
  /** Lower-cased terms, every one of which a result holds (queryTerms). */
  terms: string[];
  /** The whole query, lower-cased and with whitespace collapsed: what ranks a whole-phrase match first. */
  phrase: string;
  category: number;
  kind?: string | undefined;
  difficulty?: string | undefined;
  visibilities: string[];
  /** Questions of an exam the learner is taking (heldForExams): not found at all, decision 013. */
  exclude: string[];
  limit: number;
  offset: number;
}

/** A hit with the text its snippet is cut from. */
export type QuestionHit = BriefRow & {
  quantity_a: string | null;
  quantity_b: string | null;
  options: string[] | null;
  passage_title: string | null;
  passage_text: string | null;
  analysis_text: string | null;
};

export interface HitPage<T> {
  rows: T[];
  total: number;
  capped: boolean;
}

/** Every term as a substring of search_text (lower-cased at import): the trigram or bigram index finds them. */
function termConditions(terms: string[]): SQL[] {
  return terms.map(textHolds);
}

/**
 * Leaves out the questions of a running exam. Not merely their analysis snippet: search_text holds the analysis and
 * its key words, so whether such a question matches a query would itself tell its answer.
 */
function notHeld(exclude: string[]): SQL[] {
  return exclude.length > 0 ? [notInArray(questions.id, exclude)] : [];
}

/**
 * Questions holding every term, best first. Like the big bank's keyword filter, PostgreSQL stops after
 * SEARCH_MATCH_CAP + 1 hits, so a common word costs what a rare one does; those hits are ranked: the whole query as
 * words of the stem (full text, 'simple' configuration: English words, any case), then inside the stem, then
 * anywhere; within a rank the bank's list order. A page reads the text of its own rows only.
 */
export async function searchQuestions(db: Db, q: SearchQuery): Promise<HitPage<QuestionHit>> {
  const where = [...listConditions(q, true), ...termConditions(q.terms), ...notHeld(q.exclude)];
  const pageLimit = Math.max(0, Math.min(q.limit, SEARCH_MATCH_CAP - q.offset));
  const phraseLike = `%${likeLiteral(q.phrase)}%`;
  const columns = sql.join(
    Object.entries(briefColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = await db.execute<QuestionHit & { total: number }>(sql`
    with hits as (
      select ${questions.id} as id, ${questions.category} as category,
        case
          when to_tsvector('simple', ${questions.inquiry}) @@ phraseto_tsquery('simple', ${q.phrase}) then 0
          when lower(${questions.inquiry}) like ${phraseLike} then 1
          else 2
        end as rank
      from ${questions} where ${and(...where)} limit ${SEARCH_MATCH_CAP + 1}),
    page as (select id, rank, category from hits order by rank, category, id limit ${pageLimit} offset ${q.offset})
    select t.total, b.* from (select count(*)::int as total from hits) t
    left join lateral (
      select ${columns}, page.rank,
        ${questions.quantityA} as quantity_a, ${questions.quantityB} as quantity_b,
        jsonb_path_query_array(${questions.inputMethod}, '$.option_groups[*].options[*].text') as options,
        ${passages.title} as passage_title, ${passages.text} as passage_text,
        ${questions.analysis}->>'text' as analysis_text
      from page join ${questions} on ${questions.id} = page.id
      left join ${passages} on ${passages.id} = ${questions.passageId}
    ) b on true
    order by b.rank, b.category, b.id`);
  const found = Number(result.rows[0]?.total ?? 0);
  return {
    rows: result.rows.filter((r) => r.id !== null).map(({ total: _total, ...row }) => row),
    total: Math.min(found, SEARCH_MATCH_CAP),
    capped: found > SEARCH_MATCH_CAP,
  };
}

export type WordHit = {
  id: string;
  word: string;
  translation: string;
  analysis_text: string;
};

/**
 * GRE list words (category 5): an English query by headword prefix, a query with Chinese in it by its Chinese
 * meaning. Exact headword first, then shorter headwords, then alphabetical. A prefix walks the words' own index
 * (migration 0011); a meaning reads the few thousand words, the category's slice of the bank index.
 */
export async function searchWords(
  db: Db,
  q: Pick<SearchQuery, 'phrase' | 'difficulty' | 'visibilities' | 'exclude' | 'limit' | 'offset'>,
  byMeaning: boolean,
): Promise<HitPage<WordHit>> {
  const pattern = byMeaning ? `%${likeLiteral(q.phrase)}%` : `${likeLiteral(q.phrase)}%`;
  const where = [
    ...listConditions({ category: 5, difficulty: q.difficulty, visibilities: q.visibilities }),
    ...notHeld(q.exclude),
  ];
  where.push(
    byMeaning
      ? sql`${questions.standardAnswer}->>'description' like ${pattern}`
      : sql`lower(${questions.inquiry}) like ${pattern}`,
  );
  const pageLimit = Math.max(0, Math.min(q.limit, SEARCH_MATCH_CAP - q.offset));
  const result = await db.execute<WordHit & { total: number }>(sql`
    with hits as (select ${questions.id} as id, ${questions.inquiry} as word from ${questions} where ${and(...where)} limit ${SEARCH_MATCH_CAP + 1}),
    page as (select id, word from hits order by lower(word) <> ${q.phrase}, length(word), lower(word), word limit ${pageLimit} offset ${q.offset})
    select t.total, b.* from (select count(*)::int as total from hits) t
    left join lateral (
      select page.id, page.word, ${questions.standardAnswer}->>'description' as translation, ${questions.analysis}->>'text' as analysis_text
      from page join ${questions} on ${questions.id} = page.id
    ) b on true
    order by lower(b.word) <> ${q.phrase}, length(b.word), lower(b.word), b.word`);
  const found = Number(result.rows[0]?.total ?? 0);
  return {
    rows: result.rows.filter((r) => r.id !== null).map(({ total: _total, ...row }) => row),
    total: Math.min(found, SEARCH_MATCH_CAP),
    capped: found > SEARCH_MATCH_CAP,
  };
}
