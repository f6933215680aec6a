import { mails, type Queryable } from '@gre/db';

export type MailRow = typeof mails.$inferSelect;
export type MailInsert = typeof mails.$inferInsert;

/**
 * Writes mails in one statement. A row whose occasion (or notice) the user already has is skipped, so a reminder
 * sent twice lands once; returns the rows written.
 */
export async function insertMails(db: Queryable, rows: MailInsert[]): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await db.insert(mails).values(rows).onConflictDoNothing().returning({ id: mails.id });
  return written.length;
}
