// The export rows' bookkeeping: a learner's requests, the job's progress and outcome, and the hourly cleanup. What an
// export reads of the learner's data is in learner-data.repository.ts and account.repository.ts.
import { dataExports, type Queryable, type Tx } from '@gre/db';
import { advisoryLock } from '@gre/db/queries';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { sqlTime } from '../../lib/clock.js';

export type ExportRow = typeof dataExports.$inferSelect;

/** Serialises one learner's creates, so two at once cannot both pass the running limit. */
export function lockLearnerExports(tx: Tx, userId: number): Promise<void> {
  return advisoryLock(tx, `data_exports:${userId}`);
}

export async function countUnfinished(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['Queued', 'Running'])));
  return Number(row?.n ?? 0);
}

export async function insertExport(db: Queryable, userId: number, kind: string, scope: unknown): Promise<ExportRow> {
  const [row] = await db.insert(dataExports).values({ userId, kind, scope }).returning();
  return row!;
}

export async function listOwnExports(db: Queryable, userId: number, limit: number): Promise<ExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(limit);
}

/** The export `id` if it is this learner's; another user's reads as none. */
export async function findOwnExport(db: Queryable, userId: number, id: number): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
  return row ?? null;
}

/** Marks an export Running from 0 unless it is Done (a job delivered again after it finished changes nothing). */
export async function claimExport(db: Queryable, id: number): Promise<ExportRow | null> {
  const [row] = await db
    .update(dataExports)
    .set({ status: 'Running', progress: 0, error: null })
    .where(and(eq(dataExports.id, id), sql`${dataExports.status} <> 'Done'`))
    .returning();
  return row ?? null;
}

/** Moves progress forward only, and only while Running: a late write never undoes Done or Failed. */
export async function setProgress(db: Queryable, id: number, progress: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ progress })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'Running'), lt(dataExports.progress, progress)));
}

export async function markDone(db: Queryable, id: number, fileName: string, sizeBytes: number, at: Date) {
  await db
    .update(dataExports)
    .set({ status: 'Done', progress: 100, fileName, sizeBytes, error: null, finishedAt: at })
    .where(eq(dataExports.id, id));
}

export async function markFailed(db: Queryable, id: number, error: string, at: Date): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'Failed', error, finishedAt: at })
    .where(and(eq(dataExports.id, id), sql`${dataExports.status} <> 'Done'`));
}

/**
 * Cleanup as of `at`: rows older than `keepDays` are deleted (their file names returned for removal), and an export
 * still waiting or running an hour after it was asked for — its job lost with a crashed instance — is marked Failed
 * so the learner may start another.
 */
export async function expireExports(
  db: Queryable,
  at: Date,
  keepDays: number,
  failed: string,
): Promise<{ removed: (string | null)[]; stalled: number }> {
  const now = sql`${sqlTime(at)}::timestamptz`;
  const removed = await db
    .delete(dataExports)
    .where(lt(dataExports.createdAt, sql`${now} - make_interval(days => ${keepDays}::int)`))
    .returning({ fileName: dataExports.fileName });
  const stalled = await db
    .update(dataExports)
    .set({ status: 'Failed', error: failed, finishedAt: at })
    .where(
      and(
        inArray(dataExports.status, ['Queued', 'Running']),
        lt(dataExports.createdAt, sql`${now} - interval '1 hour'`),
      ),
    )
    .returning({ id: dataExports.id });
  return { removed: removed.map((r) => r.fileName), stalled: stalled.length };
}

/** Every file name an export row still names (the cleanup keeps these). */
export async function namedFiles(db: Queryable): Promise<Set<string>> {
  const rows = await db
    .select({ fileName: dataExports.fileName })
    .from(dataExports)
    .where(sql`${dataExports.fileName} is not null`);
  return new Set(rows.map((r) => r.fileName!));
}
