import { bookTemplates, exams, usageCounters } from '@gre/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { countRows } from '../../../test/actors.js';
import { periodKeys } from '../../lib/quota.js';
import { examTestApp, learner } from './exams.fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const counter = async (userId: number, period: string, subject: string) =>
  Number(
    (
      await db()
        .select()
        .from(usageCounters)
        .where(
          and(eq(usageCounters.userId, userId), eq(usageCounters.period, period), eq(usageCounters.subject, subject)),
        )
    )[0]?.n ?? 0,
  );
const examsOf = async (userId: number) =>
  Number(
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(exams)
        .where(eq(exams.userId, userId))
    )[0]!.n,
  );
const verbal10 = { source: 'filter', filter: { category: 1 }, count: 10 } as const;

describe('quotas on create', () => {
  it('20 parallel creates by a trial member: exactly the daily allowance succeeds, the counter stops at the limit', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const results = await Promise.all(Array.from({ length: 20 }, () => trail.create(verbal10)));
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    const refused = results.filter((r) => !r.ok);
    expect(refused.every((r) => r.err?.kind === 'day_overflow' && r.err.detail === 'verbal' && r.status === 403)).toBe(
      true,
    );
    const { day } = periodKeys(new Date());
    expect(await counter(trail.userId, day, 'verbal')).toBe(30);
    expect(await counter(trail.userId, 'total', 'questions')).toBe(30);
    expect(await examsOf(trail.userId)).toBe(3);
  });

  it('20 parallel creates against the trial lifetime total: role_overflow past it, nothing half-written', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await db().insert(usageCounters).values({ userId: trail.userId, period: 'total', subject: 'questions', n: 125 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        trail.create(i % 2 ? verbal10 : { source: 'filter', filter: { category: 3 }, count: 10 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => r.err?.kind === 'role_overflow')).toBe(true);
    expect(await counter(trail.userId, 'total', 'questions')).toBe(145);
    const { day } = periodKeys(new Date());
    expect((await counter(trail.userId, day, 'verbal')) + (await counter(trail.userId, day, 'quant'))).toBe(20);
    expect(await examsOf(trail.userId)).toBe(2);
  });

  it('simulations: one in total for a trial member (sim_no_perm after), three a week for FreeVIP; counted questions too', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    expect((await trail.simulateList()).data).toMatchObject({ remaining: 1, period: 'total' });
    expect((await trail.create({ source: 'simulate', version: 'b-mock-1', select_kind: 'verbal' })).ok).toBe(true);
    expect(await counter(trail.userId, periodKeys(new Date()).day, 'verbal')).toBe(27);
    const before = await countRows(db());
    const again = await trail.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'issue' });
    expect([again.status, again.err?.kind]).toEqual([403, 'sim_no_perm']);
    expect(await countRows(db())).toEqual(before);
    const list = (await trail.simulateList()).data;
    expect(list).toMatchObject({ remaining: 0, period: 'total' });
    expect(list.mocks.map((m) => [m.book_id, m.refusal, m.status])).toEqual([
      ['b-mock-1', 'sim_no_perm', 'Start'],
      ['b-mock-2', 'sim_no_perm', 'NotOpen'],
    ]);
    expect(list.mocks[0]!.open_exam_id).not.toBeNull();

    const free = await learner(t, { roleKind: 'FreeVIP' });
    for (let i = 0; i < 3; i++)
      expect((await free.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'issue' })).ok).toBe(true);
    expect((await free.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'issue' })).err?.kind).toBe(
      'sim_no_perm',
    );
    expect(await counter(free.userId, periodKeys(new Date()).week, 'simulate')).toBe(3);
  });

  it('a day-overflow refusal rolls back the simulate counter taken before it', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    await db()
      .insert(usageCounters)
      .values({ userId: trail.userId, period: periodKeys(new Date()).day, subject: 'quant', n: 20 });
    const res = await trail.create({ source: 'simulate', version: 'b-mock-1', select_kind: 'quant' });
    expect([res.err?.kind, res.err?.detail]).toEqual(['day_overflow', 'quant']);
    expect(await counter(trail.userId, 'total', 'simulate')).toBe(0);
    expect(await counter(trail.userId, 'total', 'questions')).toBe(0);
  });

  it('admin overrides in the quotas setting apply; staff have no quotas', async () => {
    await t.deps.settings.setOverride('quotas', { VIP: { daily: { quant: 5 } } });
    const vip = await learner(t, { roleKind: 'VIP' });
    expect((await vip.create({ source: 'filter', filter: { category: 3 }, count: 6 })).err?.kind).toBe('day_overflow');
    expect((await vip.create({ source: 'filter', filter: { category: 3 }, count: 5 })).ok).toBe(true);
    await t.deps.settings.setOverride('quotas', {});
    const admin = await learner(t, { roleKind: 'Trail', isAdmin: true });
    for (let i = 0; i < 3; i++)
      expect((await admin.create({ source: 'simulate', version: 'b-mock-1', select_kind: 'full' })).ok).toBe(true);
    // The exam screen never carries answers before the finish, also for staff.
    const running = (await admin.get((await admin.list()).data.items[0]!.id)).data;
    expect(
      running.sections
        .flatMap((s) => s.items)
        .every((i) => i.question.standard_answer === null && i.question.analysis === null),
    ).toBe(true);
    expect(await counter(admin.userId, 'total', 'simulate')).toBe(0);
    expect((await admin.simulateList()).data).toMatchObject({ remaining: null, period: 'none' });
  });

  it('a mock locked above the learner’s tier is limit; a hidden one is not_found', async () => {
    await db().update(bookTemplates).set({ access: 'lock', minRole: 'SVIP' }).where(eq(bookTemplates.id, 'b-mock-2'));
    const vip = await learner(t, { roleKind: 'VIP' });
    expect((await vip.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'full' })).err?.kind).toBe(
      'limit',
    );
    expect((await vip.simulateList()).data.mocks.find((m) => m.book_id === 'b-mock-2')?.refusal).toBe('limit');
    await db().update(bookTemplates).set({ access: 'hide', minRole: null }).where(eq(bookTemplates.id, 'b-mock-2'));
    expect((await vip.create({ source: 'simulate', version: 'b-mock-2', select_kind: 'full' })).err?.kind).toBe(
      'not_found',
    );
    expect((await vip.simulateList()).data.mocks.map((m) => m.book_id)).toEqual(['b-mock-1']);
    expect(
      (await vip.create({ source: 'simulate', version: 'b-pick-math-easy-1', select_kind: 'full' })).err?.kind,
    ).toBe('not_found');
    await db().update(bookTemplates).set({ access: 'free' }).where(eq(bookTemplates.id, 'b-mock-2'));
  });
});
