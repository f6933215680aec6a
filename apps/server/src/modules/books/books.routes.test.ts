import { bookCalls } from '@gre/contracts';
import { userBooks } from '@gre/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { accessPackage, FAR_AHEAD } from '../../../test/fixtures.js';

let t: TestApp;
const users: Record<'trail' | 'vip' | 'svip' | 'higher' | 'admin', { token: string; id: number }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  await importPackage(db, accessPackage());
  const make = async (overrides: Parameters<typeof userWithToken>[1]) => {
    const u = await userWithToken(db, overrides);
    return { token: u.token, id: u.user.id };
  };
  users.trail = await make({ roleKind: 'Trail' });
  users.vip = await make({ roleKind: 'VIP' });
  users.svip = await make({ roleKind: 'SVIP' });
  users.higher = await make({ roleKind: 'SVIP', higherAccess: true });
  users.admin = await make({ isAdmin: true });
});
afterAll(() => t.close());

type Who = keyof typeof users;
const list = (who: Who, kind: string) => t.call(bookCalls.list, { kind }, { token: users[who].token });
const open = (who: Who, id: string) => t.call(bookCalls.get, { id }, { token: users[who].token });

describe('/api/book/list', () => {
  it('lists a page kind in order with what opening each would answer; hide books only for staff', async () => {
    const trail = await list('trail', 'pick');
    expect(trail.data.books.map((b) => [b.id, b.refusal])).toEqual([
      ['b-free', null],
      ['b-grant', null],
      ['b-forbid', 'forbidden'],
      ['b-vip', 'limit'],
    ]);
    expect(trail.data.total).toBe(4);
    expect(trail.data.books[0]).toMatchObject({
      question_count: 5,
      status: 'NotOpen',
      limit: 0,
      access: 'free',
      answers_after_finish: false,
    });
    expect(trail.data.books[3]).toMatchObject({ min_role: 'VIP', access: 'lock' });
    expect((await list('vip', 'pick')).data.books.find((b) => b.id === 'b-vip')?.refusal).toBeNull();
    const admin = await list('admin', 'pick');
    expect(admin.data.books.map((b) => b.id)).toContain('b-hide');
    expect(admin.data.books.every((b) => b.refusal === null)).toBe(true);
  });

  it("keeps books with the template's hide flag off the learners' list and closed to them, as access 'hide' does", async () => {
    for (const who of ['trail', 'vip', 'higher'] as const) {
      expect(
        (await list(who, 'pick')).data.books.map((b) => b.id),
        who,
      ).not.toContain('b-hide-flag');
      expect((await open(who, 'b-hide-flag')).err?.kind, who).toBe('not_found');
    }
    const staff = (await list('admin', 'pick')).data.books;
    expect(staff.find((b) => b.id === 'b-hide-flag')).toMatchObject({
      access: 'free',
      hide: true,
      tailor: { custom: true, common: false },
    });
    expect(staff.find((b) => b.id === 'b-hide')).toMatchObject({ access: 'hide', hide: true });
    expect(staff.find((b) => b.id === 'b-free')).toMatchObject({
      hide: false,
      tailor: { custom: false, common: false },
    });
    expect((await open('admin', 'b-hide-flag')).data.book.hide).toBe(true);
  });

  it('shows season books with their unlock dates, locked until then', async () => {
    const season = (await list('svip', 'season')).data.books;
    expect(season.map((b) => [b.id, b.refusal])).toEqual([
      ['b-season-past', null],
      ['b-season-future', 'book_locked'],
    ]);
    expect(season[1]?.unlock_date_stamp).toBe(Date.parse(FAR_AHEAD) / 1000);
  });

  it('opens the higher bank to SVIP with higher access only', async () => {
    expect((await list('vip', 'higher')).data.books[0]?.refusal).toBe('limit');
    expect((await list('svip', 'higher')).data.books[0]?.refusal).toBe('limit');
    expect((await list('higher', 'higher')).data.books[0]?.refusal).toBeNull();
  });

  it("shows this learner's own status, never another's", async () => {
    await t.deps.database.db.insert(userBooks).values([
      { userId: users.vip.id, templateId: 'b-free', status: 'Start', limit: 3 },
      { userId: users.svip.id, templateId: 'b-free', status: 'Finish' },
    ]);
    expect((await list('vip', 'pick')).data.books[0]).toMatchObject({ id: 'b-free', status: 'Start', limit: 3 });
    expect((await list('svip', 'pick')).data.books[0]).toMatchObject({ id: 'b-free', status: 'Finish', limit: 0 });
    expect((await list('trail', 'pick')).data.books[0]).toMatchObject({ id: 'b-free', status: 'NotOpen' });
  });

  it('pages and refuses unknown page kinds', async () => {
    const page = await t.call(bookCalls.list, { kind: 'pick', page: 2, page_size: 3 }, { token: users.trail.token });
    expect(page.data.books.map((b) => b.id)).toEqual(['b-vip']);
    expect((await list('trail', 'mock')).err?.kind).toBe('invalid_input');
    expect(
      (await t.call(bookCalls.list, { kind: 'pick', page_size: 51 }, { token: users.trail.token })).err?.kind,
    ).toBe('invalid_input');
  });
});

describe('/api/book/get', () => {
  it('lists the questions a learner may know of; locked ones without their stem for ordinary members', async () => {
    const trail = await open('trail', 'b-free');
    expect(trail.status).toBe(200);
    const items = trail.data.sections[0]!.questions;
    expect(items.map((q) => [q.id, q.accessable])).toEqual([
      ['q-pub', true],
      ['q-lock', false],
      ['q-rc', true],
    ]);
    expect(items[1]?.preview).toBe('');
    expect(JSON.stringify(trail.data)).not.toMatch(/q-hid|q-und|Fixture q-lock/);
    const vip = await open('vip', 'b-free');
    expect(vip.data.sections[0]!.questions.map((q) => q.accessable)).toEqual([true, true, true]);
    expect((await open('admin', 'b-free')).data.sections[0]!.questions).toHaveLength(5);
    expect((await open('trail', 'b-grant')).data.sections[0]!.questions.map((q) => q.id)).toEqual(['q-und', 'q-pub']);
    // A prevent book grants its own underground questions: listed with their stems, their answers come later.
    expect((await open('trail', 'b-prevent')).data.sections[0]!.questions.map((q) => [q.id, q.accessable])).toEqual([
      ['q-prev', true],
      ['q-prev-rc', true],
    ]);
  });

  it('answers a clear kind for unknown, hidden, forbidden and locked books', async () => {
    const cases: [Who, string, string, number][] = [
      ['trail', 'b-nope', 'not_found', 404],
      ['trail', 'b-hide', 'not_found', 404],
      ['trail', 'b-forbid', 'forbidden', 403],
      ['trail', 'b-vip', 'limit', 403],
      ['svip', 'b-higher', 'limit', 403],
      ['svip', 'b-season-future', 'book_locked', 403],
    ];
    for (const [who, id, kind, status] of cases) {
      const res = await open(who, id);
      expect([id, res.status, res.err?.kind, res.data]).toEqual([id, status, kind, null]);
    }
    expect((await open('svip', 'b-season-future')).err?.detail).toBe(new Date(FAR_AHEAD).toISOString());
    for (const [who, id] of [
      ['admin', 'b-hide'],
      ['vip', 'b-vip'],
      ['higher', 'b-higher'],
      ['trail', 'b-season-past'],
    ] as const) {
      expect((await open(who, id)).status, `${who} ${id}`).toBe(200);
    }
  });

  it('marks prevent books as answering after the learner finished them', async () => {
    expect((await open('higher', 'b-prevent')).data.book.answers_after_finish).toBe(true);
    await t.deps.database.db
      .insert(userBooks)
      .values({ userId: users.higher.id, templateId: 'b-prevent', status: 'Finish' });
    expect((await open('higher', 'b-prevent')).data.book).toMatchObject({
      status: 'Finish',
      answers_after_finish: false,
    });
  });

  it('refuses malformed ids as invalid_input', async () => {
    for (const id of ['q-pub', 'B-FREE', '', 'b'.repeat(80)])
      expect((await open('trail', id)).err?.kind).toBe('invalid_input');
  });
});
