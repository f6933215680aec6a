import { allCalls, auditCalls, CODE_RULES, userCalls } from '@gre/contracts';
import { auditLog, users } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, issueOpCode, lastCodeFor, quietMessaging, type TestUser } from '../../../test/fixtures.js';
import { recordAudit, recordRefusal } from '../../lib/audit.js';
import type { Actor } from '../../lib/authorize.js';
import { ManualClock } from '../../lib/clock.js';
import { requireOpCheck } from '../../lib/op-check.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';

// lib/audit.ts and lib/op-check.ts under the rules of decision 027, and /api/audit/list: a row commits with its change
// or not at all, a refusal stands in its own transaction, the table refuses every edit, a confirmation code serves once.

const clock = new ManualClock(new Date('2026-11-25T04:00:00Z'));
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { clock, ...quietMessaging() });
  admin = await createUser(t.deps, { isAdmin: true, name: '审计管理员' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const actorOf = (u: TestUser): Actor => ({
  user: u.user,
  sessionId: 0,
  deviceId: u.deviceId,
  role: 'Trail',
  ip: '10.1.2.3',
});
const rowsFor = (targetId: string) =>
  db().select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

describe('recordAudit', () => {
  it('commits with the change: the row names the actor, their staff role, device, address, before and after', async () => {
    const learner = await createUser(t.deps);
    await withUnitOfWork(t.deps, async (uow) => {
      await uow.tx.update(users).set({ flashCoins: 5 }).where(eq(users.id, learner.user.id));
      await recordAudit(uow, actorOf(admin), {
        action: 'test/change',
        targetKind: 'user',
        targetId: learner.user.id,
        before: { coins: 0, at: new Date('2026-01-02T03:04:05Z') },
        after: { coins: 5 },
      });
    });
    const [row] = await rowsFor(String(learner.user.id));
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'test/change',
      targetKind: 'user',
      before: { coins: 0, at: '2026-01-02T03:04:05.000Z' },
      after: { coins: 5 },
      outcome: 'done',
      reason: null,
      deviceId: admin.deviceId,
      ip: '10.1.2.3',
    });
  });

  it('a change that fails after its row leaves neither', async () => {
    const learner = await createUser(t.deps);
    const unit = withUnitOfWork(t.deps, async (uow) => {
      await uow.tx.update(users).set({ flashCoins: 9 }).where(eq(users.id, learner.user.id));
      await recordAudit(uow, actorOf(admin), { action: 'test/change', targetKind: 'user', targetId: learner.user.id });
      throw new Error('the change failed');
    });
    await expect(unit).rejects.toThrow('the change failed');
    expect(await rowsFor(String(learner.user.id))).toEqual([]);
    const [u] = await db().select().from(users).where(eq(users.id, learner.user.id));
    expect(u!.flashCoins).toBe(0);
  });

  it('a refusal is written in its own transaction and stays, whoever or nobody made it', async () => {
    const learner = await createUser(t.deps);
    const entry = { action: 'test/refused', targetKind: 'user' as const, targetId: `r${learner.user.id}` };
    await recordRefusal(t.deps, actorOf(learner), entry, 'forbidden');
    await recordRefusal(t.deps, null, entry, 'unauthorized');
    const rows = await rowsFor(`r${learner.user.id}`);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.outcome, r.reason, r.deviceId])).toEqual([
      [learner.user.id, 'learner', 'refused', 'forbidden', learner.deviceId],
      [null, 'anonymous', 'refused', 'unauthorized', ''],
    ]);
  });
});

describe('the table is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through SQL, and no call edits or deletes a row', async () => {
    await recordRefusal(t.deps, null, { action: 'test/kept', targetKind: 'settings', targetId: 'kept' }, 'x');
    const attempts = [
      sql`update audit_log set action = 'rewritten' where target_id = 'kept'`,
      sql`delete from audit_log where target_id = 'kept'`,
      sql`truncate audit_log`,
    ];
    for (const statement of attempts) {
      const error = await db()
        .execute(statement)
        .then(
          () => null,
          (e: unknown) => e as Error & { cause?: Error },
        );
      expect(error?.cause?.message ?? error?.message).toMatch(/append-only/);
    }
    expect((await rowsFor('kept')).map((r) => r.action)).toEqual(['test/kept']);
    expect(allCalls.filter((c) => c.path.startsWith('/api/audit/')).map((c) => c.path)).toEqual(['/api/audit/list']);
  });
});

describe('confirmation codes', () => {
  const refusal = { action: 'test/op', targetKind: 'user' as const, targetId: 'op' };
  const refusalsSoFar = async () => (await rowsFor('op')).map((r) => r.reason);

  it('serve once: a reused code is refused and the refusal audited', async () => {
    const code = await issueOpCode(t.deps, admin.user);
    await requireOpCheck(t.deps, actorOf(admin), code, refusal);
    await expect(requireOpCheck(t.deps, actorOf(admin), code, refusal)).rejects.toMatchObject({ kind: 'code_invalid' });
    expect(await refusalsSoFar()).toEqual(['code_invalid']);
  });

  it('expire after ten minutes', async () => {
    const code = await issueOpCode(t.deps, admin.user);
    clock.advance(CODE_RULES.validSeconds * 1000);
    await expect(requireOpCheck(t.deps, actorOf(admin), code)).rejects.toMatchObject({ kind: 'code_invalid' });
  });

  it("open only their owner's changes: another admin's code and a code for another purpose are refused", async () => {
    const other = await createUser(t.deps, { isAdmin: true });
    const othersCode = await issueOpCode(t.deps, other.user);
    await issueOpCode(t.deps, admin.user);
    await expect(requireOpCheck(t.deps, actorOf(admin), othersCode)).rejects.toMatchObject({ kind: 'code_invalid' });
    // The owner can still use theirs: the stranger's try did not touch it.
    await requireOpCheck(t.deps, actorOf(other), othersCode);
    clock.advance(CODE_RULES.resendSeconds * 1000);
    const sent = await t.call(userCalls.emailSendCode, { email: admin.user.email!, purpose: 'reset_password' });
    expect(sent.ok).toBe(true);
    const resetCode = lastCodeFor(t.deps, admin.user.email!);
    await expect(requireOpCheck(t.deps, actorOf(admin), resetCode)).rejects.toMatchObject({ kind: 'code_invalid' });
  });

  it('count wrong tries although the refused change rolls back: five, then even the right code is dead', async () => {
    const code = await issueOpCode(t.deps, admin.user);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < CODE_RULES.maxTries; i++)
      await expect(requireOpCheck(t.deps, actorOf(admin), wrong)).rejects.toMatchObject({ kind: 'code_invalid' });
    await expect(requireOpCheck(t.deps, actorOf(admin), code)).rejects.toMatchObject({ kind: 'code_invalid' });
  });

  it('are checked before the change, never inside its unit of work', async () => {
    const code = await issueOpCode(t.deps, admin.user);
    const inside = withUnitOfWork(t.deps, (uow) => requireOpCheck(uow.deps, actorOf(admin), code));
    await expect(inside).rejects.toThrow(/before the unit of work/);
    await requireOpCheck(t.deps, actorOf(admin), code);
  });
});

describe('audit/list', () => {
  it('filters by actor, target, action, outcome and time, newest first, a page at a time', async () => {
    const a = actorOf(admin);
    const other = await createUser(t.deps, { isOperator: true });
    const write = (actor: Actor, action: string, targetId: string) =>
      withUnitOfWork(t.deps, (uow) => recordAudit(uow, actor, { action, targetKind: 'voucher', targetId }));
    await write(a, 'list/one', 'v1');
    await write(actorOf(other), 'list/two', 'v1');
    await write(a, 'list/two', 'v2');
    await recordRefusal(t.deps, a, { action: 'list/two', targetKind: 'voucher', targetId: 'v2' }, 'code_invalid');
    const list = (body: Record<string, unknown>) => t.call(auditCalls.list, body, { token: admin.token });

    const byTarget = await list({ target_kind: 'voucher', target_id: 'v1' });
    expect(byTarget.data.items.map((r) => [r.action, r.actor_name, r.actor_role])).toEqual([
      ['list/two', other.user.name, 'operator'],
      ['list/one', '审计管理员', 'admin'],
    ]);
    const mine = await list({ actor_id: admin.user.id, action: 'list/two' });
    expect(mine.data.items.map((r) => [r.target_id, r.outcome, r.reason])).toEqual([
      ['v2', 'refused', 'code_invalid'],
      ['v2', 'done', null],
    ]);
    expect((await list({ action: 'list/two', outcome: 'refused' })).data.page_control.total).toBe(1);
    const paged = await list({ target_kind: 'voucher', page: 2, page_size: 3 });
    expect(paged.data.page_control).toMatchObject({ page: 2, page_size: 3 });
    const all = await list({ target_kind: 'voucher', page_size: 100 });
    expect(paged.data.items).toEqual(all.data.items.slice(3, 6));
    expect(all.data.items.map((r) => r.id)).toEqual([...all.data.items.map((r) => r.id)].sort((x, y) => y - x));
    // A row's time is the database's (the real time of its transaction), not the app's adjustable clock.
    const now = Math.floor(Date.now() / 1000);
    expect((await list({ action: 'list/one', from_stamp: now - 600, to_stamp: now + 600 })).data.items).toHaveLength(1);
    expect((await list({ action: 'list/one', to_stamp: now - 600 })).data.items).toHaveLength(0);
  });

  it('refuses a target id without its kind and a reversed range', async () => {
    const call = (body: Record<string, unknown>) => t.call(auditCalls.list, body, { token: admin.token });
    expect((await call({ target_id: 'v1' })).err?.kind).toBe('invalid_input');
    expect((await call({ from_stamp: 20, to_stamp: 10 })).err?.kind).toBe('invalid_input');
  });
});
