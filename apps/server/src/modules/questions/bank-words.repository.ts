import { passages, questions, type Queryable } from '@gre/db';
import { asc, sql } from 'drizzle-orm';

/** What the bank-word index reads of a question. */
export interface BankQuestionRow {
  id: string;
  kind: string;
  inquiry: string;
  inputMethod: unknown;
  visibility: string;
  passageId: string | null;
}

export interface BankPassageRow {
  id: string;
  text: string;
  sentences: string[] | null;
}

/** Every bank question ('q…'; the word questions 'w…' are the dictionary, not the bank) and every passage. */
export async function bankTexts(db: Queryable): Promise<{ questions: BankQuestionRow[]; passages: BankPassageRow[] }> {
  const [qs, ps] = await Promise.all([
    db
      .select({
        id: questions.id,
        kind: questions.kind,
        inquiry: questions.inquiry,
        inputMethod: questions.inputMethod,
        visibility: questions.visibility,
        passageId: questions.passageId,
      })
      .from(questions)
      .where(sql`${questions.id} like 'q%'`)
      .orderBy(asc(questions.id)),
    db.select({ id: passages.id, text: passages.text, sentences: passages.sentences }).from(passages),
  ]);
  return { questions: qs, passages: ps };
}

/**
 * A cheap fingerprint of the bank: row counts and the latest `updated_at` of questions and passages. The content
 * import touches `updated_at` of every row it changes, so any import that changes a text changes this.
 */
export async function bankVersion(db: Queryable): Promise<string> {
  const result = await db.execute<{ v: string }>(sql`
    select concat_ws('/',
      (select count(*) from ${questions}), (select max(${questions.updatedAt}) from ${questions}),
      (select count(*) from ${passages}), (select max(${passages.updatedAt}) from ${passages})) as v`);
  return String(result.rows[0]?.v ?? '');
}
