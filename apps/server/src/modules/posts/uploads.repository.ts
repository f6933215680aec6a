import { uploads, type Queryable } from '@gre/db';

/** Records an upload; the same bytes uploaded again keep their first row (and their one file). */
export async function recordUpload(db: Queryable, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values).onConflictDoNothing({ target: uploads.sha256 });
}
