import { sql } from 'drizzle-orm';
import type { Queryable } from '@gre/db';

/** A question the learner has done whose explanation or answers relate words to each other. */
export interface RelationRow {
  id: string;
  kind: string;
  visibility: string;
  synonyms: unknown;
  antonyms: unknown;
  inputMethod: unknown;
  standardAnswer: unknown;
}

/**
 * The questions with synonym or antonym lists (and the sentence-equivalence ones) that this learner has had graded —
 * submitted in a section or checked in practice — so their answers were already shown to them. The caller still
 * applies the access rules and the answers held for a running exam (decision 013).
 */
export async function gradedRelationRows(db: Queryable, userId: number): Promise<RelationRow[]> {
  const result = await db.execute<{
    id: string;
    kind: string;
    visibility: string;
    synonyms: unknown;
    antonyms: unknown;
    input_method: unknown;
    standard_answer: unknown;
  }>(sql`
    select q.id, q.kind, q.visibility, q.analysis -> 'synonyms' as synonyms, q.analysis -> 'antonyms' as antonyms,
      q.input_method, q.standard_answer
    from questions q
    where q.id in (
        select i.question_id from exam_items i join exams e on e.id = i.exam_id
        where e.user_id = ${userId} and i.correct is not null)
      and (q.kind = 'se'
        or jsonb_array_length(coalesce(q.analysis -> 'synonyms', '[]'::jsonb)) > 0
        or jsonb_array_length(coalesce(q.analysis -> 'antonyms', '[]'::jsonb)) > 0)
    order by q.id`);
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    visibility: r.visibility,
    synonyms: r.synonyms,
    antonyms: r.antonyms,
    inputMethod: r.input_method,
    standardAnswer: r.standard_answer,
  }));
}
