import { allCalls, carriesOpCode, STAFF_ROLES, type CallDef, type ErrorKind, type StaffRole } from '@gre/contracts';
import { auditLog } from '@gre/db';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateTargetOf } from '../src/lib/audit.js';
import { ageSession, countRows, listTables, userWithToken } from './actors.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The authorisation matrix (issue 16): every staff call of the contracts — so a new one is covered the day it is
 * declared — against every caller who must not pass: nobody, an expired session, a learner, a frozen account (an admin,
 * so only the freeze can be the reason) and each staff role below the call's. Each gets the catalogue's kind and
 * changes nothing, but the audit log's one `refused` row when the call moves money or roles (it carries `op_code`)
 * and the caller is someone (decision 027).
 */

type Caller = 'stranger' | 'expired' | 'learner' | 'frozen' | StaffRole;

const staffCalls = allCalls.filter((c): c is CallDef & { auth: StaffRole } =>
  (STAFF_ROLES as readonly string[]).includes(c.auth),
);

/** Staff roles a call's auth admits: admins hold every staff flag. */
function admitted(auth: StaffRole): StaffRole[] {
  return auth === 'admin' ? ['admin'] : ['admin', auth];
}

/** Who must be refused, and with which kind. */
function refusals(auth: StaffRole): [Caller, ErrorKind][] {
  const below = STAFF_ROLES.filter((r) => !admitted(auth).includes(r));
  return [
    ['stranger', 'unauthorized'],
    ['expired', 'token_expired'],
    ['learner', 'forbidden'],
    ['frozen', 'user_frozen'],
    ...below.map((r): [Caller, ErrorKind] => [r, 'forbidden']),
  ];
}

let t: TestApp;
let tables: string[];
const tokens = {} as Record<Exclude<Caller, 'stranger'>, { token: string; id: number }>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const make = async (flags: Parameters<typeof userWithToken>[1]) => {
    const u = await userWithToken(db, flags);
    return { token: u.token, id: u.user.id, sessionId: u.sessionId };
  };
  const expired = await make({ isAdmin: true });
  await ageSession(db, expired.sessionId, { absolute: true });
  tokens.expired = expired;
  tokens.learner = await make({});
  tokens.frozen = await make({ isAdmin: true, isFreeze: true });
  tokens.admin = await make({ isAdmin: true });
  tokens.operator = await make({ isOperator: true });
  tokens.teacher = await make({ isTeacher: true });
  tables = await listTables(db);
});
afterAll(() => t.close());

async function newestAudit() {
  const [row] = await t.deps.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row ?? null;
}

describe('the authorisation matrix', () => {
  it('covers the staff calls of every kind, the money-changing ones among them', () => {
    const auths = new Set(staffCalls.map((c) => c.auth));
    expect([...auths].sort()).toEqual(['admin', 'operator', 'teacher']);
    const paths = staffCalls.map((c) => c.path);
    for (const p of ['/api/audit/list', '/api/user/freeze', '/api/trade/resolve', '/api/pay/set_prices'])
      expect(paths).toContain(p);
    expect(staffCalls.filter(carriesOpCode).length).toBeGreaterThanOrEqual(4);
  });

  it.each(staffCalls.map((c) => [c.path, c] as const))('%s refuses every caller it must', async (_path, call) => {
    const db = t.deps.database.db;
    for (const [caller, kind] of refusals(call.auth)) {
      const before = await countRows(db, tables);
      const lastAudit = await newestAudit();
      const res = await t.call(call, {}, caller === 'stranger' ? {} : { token: tokens[caller].token });
      expect(res.err?.kind, `${caller} on ${call.path}`).toBe(kind);
      expect(res.ok).toBe(false);

      const named = caller !== 'stranger' && caller !== 'expired';
      const audited = named && carriesOpCode(call);
      const after = await countRows(db, tables);
      expect(after, `${caller} on ${call.path} changed rows`).toEqual({
        ...before,
        audit_log: before.audit_log! + (audited ? 1 : 0),
      });
      if (!audited) continue;
      const row = (await newestAudit())!;
      expect(row.id).toBeGreaterThan(lastAudit?.id ?? 0);
      expect(row).toMatchObject({
        actorId: tokens[caller as Exclude<Caller, 'stranger'>].id,
        action: call.path.replace('/api/', ''),
        targetKind: gateTargetOf(call.path),
        targetId: null,
        outcome: 'refused',
        reason: kind,
        deviceId: 'test-device',
        ip: '127.0.0.1',
      });
    }
  });

  it.each(staffCalls.map((c) => [c.path, c] as const))('%s lets its own staff past the gate', async (_path, call) => {
    for (const role of admitted(call.auth)) {
      // An empty body: the gate lets the call through, then the body check or the call itself answers.
      const res = await t.call(call, {}, { token: tokens[role].token });
      expect(['unauthorized', 'token_expired', 'forbidden', 'user_frozen']).not.toContain(res.err?.kind);
    }
  });
});
