import { bookCalls, permissionCalls, questionCalls, tailorCalls } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, createUser, FAR_AHEAD, issueOpCode, pkg, tc1, type TestUser } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';

let t: TestApp;
let admin: TestUser;

const common = { tailor: { common: true } };
const svipLock = { access: 'lock', min_role: 'SVIP' };

/**
 * Books on the shelf of every kind of access, and one tier-locked book that is not: the shelf opens the tier and the
 * higher grant of its books, nothing else.
 */
function shelfPackage() {
  const qs = ['q-sh-pub', 'q-sh-lock', 'q-sh-hid'];
  return pkg({
    'bank/shelf.json': {
      questions: [
        tc1('q-sh-pub'),
        tc1('q-sh-lock', { visibility: 'locked' }),
        tc1('q-sh-hid', { visibility: 'hidden' }),
      ],
    },
    'books/shelf.json': {
      books: [
        book('b-sh-math', ['q-sh-pub'], { kind: 'math2', ...common }),
        book('b-sh-svip', qs, { ...svipLock, ...common }),
        book('b-sh-forbid', ['q-sh-pub'], { access: 'forbid', ...common }),
        book('b-sh-higher', ['q-sh-pub'], { kind: 'higher', ...svipLock, ...common }),
        book('b-sh-future', ['q-sh-pub'], { kind: 'season', access: 'lock', unlock_date: FAR_AHEAD, ...common }),
        book('b-sh-hidden', ['q-sh-pub'], { hide: true, ...common }),
        book('b-sh-plain', ['q-sh-pub'], { ...svipLock, tailor: { custom: true } }),
      ],
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true });
  await importPackage(t.deps.database.db, shelfPackage());
});
afterAll(() => t.close());

/** The admin's switch for one learner, as /web_manage sends it. */
async function setShelf(learner: TestUser, on: boolean) {
  const r = await t.call(
    permissionCalls.assignCommonTailorUse,
    { user_id: learner.user.id, on, op_code: await issueOpCode(t.deps, admin.user) },
    admin,
  );
  expect(r.err).toBeNull();
  expect(r.data.show_tailor_shelf).toBe(on);
}

const trial = () => createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
const shelf = (who: TestUser) => t.call(tailorCalls.shelf, {}, who);
const open = (who: TestUser, id: string) => t.call(bookCalls.get, { id }, who);

describe('/api/tailor/shelf', () => {
  it('refuses a learner without the shelf, whose tier-locked books stay closed', async () => {
    const learner = await trial();
    const r = await shelf(learner);
    expect([r.status, r.err?.kind]).toEqual([403, 'forbidden']);
    expect(r.err?.show).toBe('定制书架需由管理员为你开通');
    expect((await open(learner, 'b-sh-svip')).err?.kind).toBe('limit');
    expect((await open(learner, 'b-sh-higher')).err?.kind).toBe('limit');
  });

  it('lists exactly the tailor.common books a learner may know of, in page order, with what opening each answers', async () => {
    const learner = await trial();
    await setShelf(learner, true);
    const r = await shelf(learner);
    expect(r.err).toBeNull();
    expect(r.data.books.map((b) => [b.id, b.kind, b.refusal])).toEqual([
      ['b-sh-svip', 'pick', null],
      ['b-sh-forbid', 'pick', 'forbidden'],
      ['b-sh-future', 'season', 'book_locked'],
      ['b-sh-higher', 'higher', null],
      ['b-sh-math', 'math2', null],
    ]);
    expect(r.data.books[0]).toMatchObject({
      tailor: { custom: false, common: true },
      min_role: 'SVIP',
      question_count: 3,
      status: 'NotOpen',
    });
  });

  it('opens a tier-locked common book and its questions for a trial learner given the shelf, and no other', async () => {
    const learner = await trial();
    await setShelf(learner, true);
    const got = await open(learner, 'b-sh-svip');
    expect(got.err).toBeNull();
    // The book opens; its questions keep their own visibility: locked ones without stem, the hidden one unknown.
    expect(got.data.sections[0]!.questions.map((q) => [q.id, q.accessable])).toEqual([
      ['q-sh-pub', true],
      ['q-sh-lock', false],
    ]);
    const q = await t.call(questionCalls.get, { ids: ['q-sh-pub'], book_id: 'b-sh-svip' }, learner);
    expect(q.err).toBeNull();
    expect((await open(learner, 'b-sh-higher')).err).toBeNull();
    // The bank page lists the same book as open for them.
    const pick = await t.call(bookCalls.list, { kind: 'pick' }, learner);
    expect(pick.data.books.find((b) => b.id === 'b-sh-svip')?.refusal).toBeNull();
    expect(pick.data.books.find((b) => b.id === 'b-sh-plain')?.refusal).toBe('limit');
    // Never what the shelf does not hold, nor what is forbidden, hidden or before its date.
    expect((await open(learner, 'b-sh-plain')).err?.kind).toBe('limit');
    expect((await open(learner, 'b-sh-forbid')).err?.kind).toBe('forbidden');
    expect((await open(learner, 'b-sh-hidden')).err?.kind).toBe('not_found');
    expect((await open(learner, 'b-sh-future')).err?.kind).toBe('book_locked');
  });

  it('closes again when the admin turns the shelf off', async () => {
    const learner = await trial();
    await setShelf(learner, true);
    expect((await open(learner, 'b-sh-svip')).err).toBeNull();
    await setShelf(learner, false);
    expect((await shelf(learner)).err?.kind).toBe('forbidden');
    expect((await open(learner, 'b-sh-svip')).err?.kind).toBe('limit');
  });

  it('shows staff the whole shelf, hidden books included, every one open', async () => {
    for (const staff of [await createUser(t.deps, { isTeacher: true }), admin]) {
      const r = await shelf(staff);
      expect(r.err).toBeNull();
      expect(r.data.books.map((b) => b.id).sort()).toEqual(
        ['b-sh-forbid', 'b-sh-future', 'b-sh-hidden', 'b-sh-higher', 'b-sh-math', 'b-sh-svip'].sort(),
      );
      expect(r.data.books.every((b) => b.refusal === null)).toBe(true);
    }
  });
});
