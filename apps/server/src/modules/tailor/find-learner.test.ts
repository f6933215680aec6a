import { LEARNER_PAGE_MAX, LIMITS, tailorCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

/** /api/tailor/find_learner: the teacher's way to a learner by phone, e-mail, name or id (issue 16). */

let t: TestApp;
let teacher: TestUser;
let admin: TestUser;
let byPhone: TestUser;
let byMail: TestUser;
let vip: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  teacher = await createUser(t.deps, { isTeacher: true, name: '寻人老师' });
  admin = await createUser(t.deps, { isAdmin: true, name: '寻人管理员' });
  byPhone = await createUser(t.deps, { name: '寻人甲', phone: '13912345678', email: null, customTailorUses: 2 });
  byMail = await createUser(t.deps, { name: '寻人乙', email: 'seek-b@test.gre' });
  vip = await createUser(t.deps, {
    name: '寻人丙',
    phone: '13700002222',
    email: 'seek-c@test.gre',
    roleKind: 'VIP',
    roleExpiresAt: new Date('2099-01-01T00:00:00Z'),
  });
  // Staff the same query would find: never listed to a teacher.
  await createUser(t.deps, { name: '寻人丁', isOperator: true });
  await createUser(t.deps, { name: '寻人戊', isTeacher: true });
});
afterAll(() => t.close());

const find = async (query: string, who: TestUser = teacher, more: Record<string, number> = {}) => {
  const res = await t.call(tailorCalls.findLearner, { query, ...more }, who);
  expect(res.err).toBeNull();
  return res.data;
};
const ids = async (query: string) => (await find(query)).items.map((u) => u.id);

describe('find_learner', () => {
  it('finds learners by part of a name, phone or e-mail and by id; staff accounts are never listed', async () => {
    expect(await ids('寻人')).toEqual([vip.user.id, byMail.user.id, byPhone.user.id]);
    expect(await ids('12345')).toEqual([byPhone.user.id]);
    expect(await ids('SEEK-B')).toEqual([byMail.user.id]);
    expect(await ids(String(vip.user.id))).toContain(vip.user.id);
    expect(await ids(String(teacher.user.id))).not.toContain(teacher.user.id);
    expect(await ids('寻人老师')).toEqual([]);
    // LIKE's own characters are literals, and blank finds nobody rather than everyone.
    expect(await ids('寻人%')).toEqual([]);
    expect(await ids('   ')).toEqual([]);
  });

  it('shows only what a teacher needs: masked contacts, the tier in force, tailored-book uses', async () => {
    const [hit] = (await find('13912345678')).items;
    expect(hit).toEqual({
      id: byPhone.user.id,
      name: '寻人甲',
      phone: '139****5678',
      email: null,
      role_name: '试用用户',
      custom_tailor_uses: 2,
    });
    const [c] = (await find('seek-c')).items;
    expect(c).toMatchObject({ phone: '137****2222', email: 's***@test.gre', role_name: '会员' });
    // No field beyond the contract's: no hashes, tokens, coins or dates.
    expect(Object.keys(c!).sort()).toEqual(['custom_tailor_uses', 'email', 'id', 'name', 'phone', 'role_name']);
  });

  it('pages, and an admin may search as well', async () => {
    const page2 = await find('寻人', teacher, { page: 2, page_size: 2 });
    expect(page2.items.map((u) => u.id)).toEqual([byPhone.user.id]);
    expect(page2.page_control).toEqual({ page: 2, page_size: 2, total: 3 });
    expect((await find('寻人', admin)).items).toHaveLength(3);
  });

  it('refuses learners and strangers, and bounds its input', async () => {
    expect((await t.call(tailorCalls.findLearner, { query: '寻人' }, byPhone)).err?.kind).toBe('forbidden');
    const stranger = await t.call(tailorCalls.findLearner, { query: '寻人' });
    expect([stranger.status, stranger.err?.kind]).toEqual([401, 'unauthorized']);
    for (const body of [
      {},
      { query: '' },
      { query: 'x'.repeat(LIMITS.shortText + 1) },
      { query: '寻人', page_size: LEARNER_PAGE_MAX + 1 },
      { query: '寻人', page: 0 },
      { query: '寻人', page: 1_000_000 },
      { query: 42 },
      { query: '寻人', role_kind: 'VIP' },
      { query: "' or 1=1 --\u0000" },
    ]) {
      const res = await t.call(tailorCalls.findLearner, body, teacher);
      expect([res.status, res.err?.kind], JSON.stringify(body)).toEqual([400, 'invalid_input']);
    }
    // Hostile text that passes the bounds is a query like any other.
    expect(await ids("' or 1=1 --")).toEqual([]);
  });
});
