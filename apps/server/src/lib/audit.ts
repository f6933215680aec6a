import { carriesOpCode, type AuditTargetKind, type CallDef } from '@gre/contracts';
import { auditLog, type Queryable } from '@gre/db';
import { AppError } from './app-error.js';
import type { Actor, UserRow } from './authorize.js';
import type { Deps } from './deps.js';
import type { UnitOfWork } from './unit-of-work.js';

export type AuditTarget = AuditTargetKind;

export interface AuditEntry {
  /** The call's path without `/api/`, e.g. `permission/manual_grant_vip`. */
  action: string;
  targetKind: AuditTarget;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The role an actor acts in: their highest staff flag, else `learner`. */
export function actorRole(user: Pick<UserRow, 'isAdmin' | 'isOperator' | 'isTeacher'> | null): string {
  if (!user) return 'anonymous';
  if (user.isAdmin) return 'admin';
  if (user.isOperator) return 'operator';
  if (user.isTeacher) return 'teacher';
  return 'learner';
}

/** A call path's audit action: `/api/user/freeze` → `user/freeze`. */
export function actionOf(path: string): string {
  return path.replace(/^\/api\//, '');
}

/** jsonb keeps what JSON keeps: Dates become ISO strings, `undefined` becomes SQL null. */
function toJson(value: unknown): unknown {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
}

async function insertRow(
  db: Queryable,
  actor: Actor | null,
  entry: AuditEntry,
  outcome: { outcome: 'done' } | { outcome: 'refused'; reason: string },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.user.id ?? null,
    actorRole: actorRole(actor?.user ?? null),
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: toJson(entry.before),
    after: toJson(entry.after),
    outcome: outcome.outcome,
    reason: outcome.outcome === 'refused' ? outcome.reason : null,
    deviceId: actor?.deviceId ?? '',
    ip: actor?.ip ?? null,
  });
}

/** The audit row of a change, in the unit's transaction: it commits with the change or not at all. */
export async function recordAudit(uow: UnitOfWork<unknown>, actor: Actor, entry: AuditEntry): Promise<void> {
  await insertRow(uow.tx, actor, entry, { outcome: 'done' });
}

/**
 * A refused money- or role-changing call, in its own transaction (the change rolled back): outcome 'refused'.
 * Call it with Deps outside any unit (the refused change's unit has already rolled back when the error reaches here).
 */
export async function recordRefusal(
  deps: Pick<Deps, 'database'>,
  actor: Actor | null,
  entry: AuditEntry,
  reason: string,
): Promise<void> {
  await insertRow(deps.database.db, actor, entry, { outcome: 'refused', reason });
}

/**
 * What a refusal in the gate is recorded against: the body is not read yet, so the kind of target is told by the
 * action (first match) and the id is unknown. Money- and role-changing calls act on a user unless named here.
 */
const GATE_TARGETS: readonly [RegExp, AuditTarget][] = [
  [/voucher/, 'voucher'],
  [/^code\//, 'code'],
  [/^trade\//, 'trade'],
  [/^pay\/set_prices$/, 'prices'],
  [/^admin\//, 'settings'],
];

export function gateTargetOf(path: string): AuditTarget {
  const action = actionOf(path);
  return GATE_TARGETS.find(([pattern]) => pattern.test(action))?.[1] ?? 'user';
}

/**
 * The gate refused a known caller (wrong staff role, frozen account) on a money- or role-changing call: the attempt
 * is audited like a refusal in the service. Callers without a live token name nobody and are not recorded.
 */
export async function recordGateRefusal(
  deps: Pick<Deps, 'database'>,
  call: CallDef,
  actor: Actor,
  error: unknown,
): Promise<void> {
  if (!carriesOpCode(call) || !(error instanceof AppError)) return;
  const entry = { action: actionOf(call.path), targetKind: gateTargetOf(call.path), targetId: null };
  await recordRefusal(deps, actor, entry, error.kind);
}
