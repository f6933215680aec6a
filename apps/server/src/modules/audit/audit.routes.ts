import { auditCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { listAudit } from './audit.service.js';

/**
 * The audit log's one call: admins read it. Rows are written by lib/audit.ts inside each change's unit of work; no
 * call edits or deletes one, and the table's trigger refuses UPDATE, DELETE and TRUNCATE (decision 027).
 */
export const auditModule: Module = (app, deps) => {
  registerCall(app, auditCalls.list, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return listAudit(deps, body);
  });
};
