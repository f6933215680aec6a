import { auditLog, users } from '@gre/db';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';

// Helpers the permission, voucher and tailor tests share: the audit rows of an action and a user's row as stored.

export async function auditRows(deps: Deps, action: string) {
  return deps.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
}

export async function auditRowsFor(deps: Deps, action: string, targetId: number | string) {
  return deps.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(asc(auditLog.id));
}

export async function storedUser(deps: Deps, id: number) {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** The actor a test user's requests carry, for calling a service without the gate. */
export function actorOf(u: { user: Actor['user']; deviceId: string }): Actor {
  return { user: u.user, sessionId: 0, deviceId: u.deviceId, role: u.user.roleKind as Actor['role'], ip: '127.0.0.1' };
}
