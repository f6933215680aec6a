import type { auditCalls, AuditEntryView } from '@gre/contracts';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.js';
import { auditPage, type AuditRow } from './audit.repository.js';

type ListBody = z.output<(typeof auditCalls)['list']['request']>;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const fromUnix = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000));

function toView(row: AuditRow): AuditEntryView {
  return {
    id: row.id,
    actor_id: row.actorId,
    actor_name: row.actorName,
    actor_role: row.actorRole,
    action: row.action,
    target_kind: row.targetKind as AuditEntryView['target_kind'],
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    outcome: row.outcome as AuditEntryView['outcome'],
    reason: row.reason,
    device_id: row.deviceId,
    ip: row.ip,
    created_stamp: unix(row.createdAt),
  };
}

/** `/api/audit/list`: the admin's read of the log, newest first, a page at a time. */
export async function listAudit(deps: Pick<Deps, 'database'>, body: ListBody) {
  const filter = {
    actorId: body.actor_id,
    targetKind: body.target_kind,
    targetId: body.target_id,
    action: body.action,
    outcome: body.outcome,
    from: fromUnix(body.from_stamp),
    to: fromUnix(body.to_stamp),
  };
  const { page, page_size: pageSize } = body;
  const { rows, total } = await auditPage(deps.database.db, filter, pageSize, (page - 1) * pageSize);
  return { items: rows.map(toView), page_control: { page, page_size: pageSize, total } };
}
