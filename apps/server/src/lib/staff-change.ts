import { AppError } from './app-error.js';
import { recordAudit, recordRefusal, type AuditEntry } from './audit.js';
import type { Actor } from './authorize.js';
import type { Deps } from './deps.js';
import { requireOpCheck } from './op-check.js';
import { withUnitOfWork, type UnitOfWork } from './unit-of-work.js';

/** What a change reports for its audit rows: the result for the caller, and one entry per changed target. */
export interface ChangeOutcome<T> {
  result: T;
  audits: Omit<AuditEntry, 'action'>[];
}

export interface StaffChange {
  /** The call's audit action, `permission/set_higher`. */
  action: string;
  /** What a refusal is recorded against (the change's own rows name what it changed); `after` may say what was asked. */
  target: Omit<AuditEntry, 'action'>;
  /** The confirmation code the request carries; absent for changes that need none (a teacher's tailored book). */
  opCode?: string;
  /** Write refused attempts to the audit log too (money- and role-changing calls). */
  auditRefusals: boolean;
}

/**
 * A change the audit log records (a staff action, a learner's redemption): the confirmation code, when it needs one,
 * is used up first; then the change and its audit rows commit in one unit of work — or, refused, nothing of it stays
 * and (for money- and role-changing calls) the refusal is written in its own transaction with the error kind.
 */
export async function staffChange<T>(
  deps: Deps,
  actor: Actor,
  change: StaffChange,
  work: (uow: UnitOfWork<Deps>) => Promise<ChangeOutcome<T>>,
): Promise<T> {
  const refusal: AuditEntry = { action: change.action, ...change.target };
  if (change.opCode !== undefined)
    await requireOpCheck(deps, actor, change.opCode, change.auditRefusals ? refusal : undefined);
  try {
    return await withUnitOfWork(deps, async (uow) => {
      const { result, audits } = await work(uow);
      for (const entry of audits) await recordAudit(uow, actor, { action: change.action, ...entry });
      return result;
    });
  } catch (error) {
    if (change.auditRefusals && error instanceof AppError) await recordRefusal(deps, actor, refusal, error.kind);
    throw error;
  }
}
