import { auditLog, users, type Queryable } from '@gre/db';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';

export type AuditRow = typeof auditLog.$inferSelect & { actorName: string | null };

export interface AuditFilter {
  actorId?: number | undefined;
  targetKind?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  outcome?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function where(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.actorId !== undefined) parts.push(eq(auditLog.actorId, f.actorId));
  if (f.targetKind !== undefined) parts.push(eq(auditLog.targetKind, f.targetKind));
  if (f.targetId !== undefined) parts.push(eq(auditLog.targetId, f.targetId));
  if (f.action !== undefined) parts.push(eq(auditLog.action, f.action));
  if (f.outcome !== undefined) parts.push(eq(auditLog.outcome, f.outcome));
  if (f.from !== undefined) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to !== undefined) parts.push(lt(auditLog.createdAt, f.to));
  return parts.length > 0 ? and(...parts) : undefined;
}

/**
 * Audit rows matching the filter, newest first (each filter has its index with `created_at` behind it), with the
 * actor's current name; and how many match. Read only: nothing in this module writes the log.
 */
export async function auditPage(
  db: Queryable,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const cond = where(filter);
  const rows = await db
    .select({ entry: auditLog, actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(cond);
  return { rows: rows.map((r) => ({ ...r.entry, actorName: r.actorName })), total: Number(total?.n ?? 0) };
}
