import { permissionCalls, tailorCalls } from '@gre/contracts';
import { tailoredBooks } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditRowsFor,
  book,
  createUser,
  issueOpCode,
  pkg,
  storedUser,
  tc1,
  type TestUser,
} from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;

/** Two books the teacher may draw on (one through its `custom` flag) and one they may not. */
function tailorPackage() {
  return pkg({
    'bank/tailor.json': {
      questions: [
        tc1('q-ta-pub'),
        tc1('q-ta-lock', { visibility: 'locked' }),
        tc1('q-ta-hid', { visibility: 'hidden' }),
        tc1('q-ta-other'),
      ],
    },
    'books/tailor.json': {
      books: [
        book('b-ta-custom', ['q-ta-pub', 'q-ta-lock', 'q-ta-hid'], { tailor: { custom: true } }),
        book('b-ta-common', ['q-ta-other'], { tailor: { common: true } }),
      ],
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.deps, { isAdmin: true });
  teacher = await createUser(t.deps, { isTeacher: true, name: '王老师' });
  await importPackage(t.deps.database.db, tailorPackage());
});
afterAll(() => t.close());

async function learnerWithUses(uses: number) {
  const l = await createUser(t.deps, { roleKind: 'Trail', baseRoleKind: 'Trail' });
  if (uses > 0) {
    const r = await t.call(
      permissionCalls.assignCustomTailorUse,
      { user_id: l.user.id, delta: uses, op_code: await issueOpCode(t.deps, admin.user) },
      admin,
    );
    expect(r.err).toBeNull();
  }
  return l;
}

describe('tailored books', () => {
  it('lists only tailor.custom books as sources, with their questions', async () => {
    const all = await t.call(tailorCalls.sources, {}, teacher);
    expect(all.data.books).toEqual([
      { book_id: 'b-ta-custom', title: '题本 b-ta-custom', sub_title: '', question_count: 3 },
    ]);
    const one = await t.call(tailorCalls.sources, { book_id: 'b-ta-custom' }, teacher);
    expect(one.data.questions.map((q) => q.id)).toEqual(['q-ta-pub', 'q-ta-lock', 'q-ta-hid']);
    expect((await t.call(tailorCalls.sources, { book_id: 'b-ta-common' }, teacher)).err?.kind).toBe('not_found');
  });

  it('creating takes one use, refused at none; updating takes none; every save is audited', async () => {
    const l = await learnerWithUses(1);
    const body = { user_id: l.user.id, name: '专属题本', question_ids: ['q-ta-pub', 'q-ta-lock', 'q-ta-pub'] };
    const made = await t.call(tailorCalls.save, body, teacher);
    expect(made.err).toBeNull();
    expect(made.data.custom_tailor_uses).toBe(0);
    expect(made.data.book).toMatchObject({ question_ids: ['q-ta-pub', 'q-ta-lock'], teacher_name: '王老师' });
    const none = await t.call(tailorCalls.save, body, teacher);
    expect(none.err?.kind).toBe('conflict');
    const updated = await t.call(
      tailorCalls.save,
      { ...body, id: made.data.book.id, name: '改过的题本', question_ids: ['q-ta-hid'] },
      teacher,
    );
    expect(updated.data.book).toMatchObject({ id: made.data.book.id, name: '改过的题本', question_ids: ['q-ta-hid'] });
    const listed = await t.call(tailorCalls.list, { user_id: l.user.id }, teacher);
    expect(listed.data).toMatchObject({ custom_tailor_uses: 0, books: [{ name: '改过的题本' }] });
    const rows = await auditRowsFor(t.deps, 'tailor/save', made.data.book.id);
    expect(rows.map((r) => r.actorRole)).toEqual(['teacher', 'teacher']);
    expect(rows[1]!.before).toMatchObject({ name: '专属题本' });
  });

  it('refuses questions outside tailor.custom books, an unknown learner and another learner’s book, taking nothing', async () => {
    const l = await learnerWithUses(2);
    const other = await learnerWithUses(1);
    const outside = await t.call(
      tailorCalls.save,
      { user_id: l.user.id, name: 'x', question_ids: ['q-ta-pub', 'q-ta-other', 'q-nope'] },
      teacher,
    );
    expect(outside.err?.kind).toBe('not_found');
    expect(outside.err?.show).toContain('q-ta-other');
    expect((await storedUser(t.deps, l.user.id)).customTailorUses).toBe(2);
    const nobody = await t.call(
      tailorCalls.save,
      { user_id: 9_999_999, name: 'x', question_ids: ['q-ta-pub'] },
      teacher,
    );
    expect(nobody.err?.kind).toBe('not_found');
    const theirs = await t.call(
      tailorCalls.save,
      { user_id: other.user.id, name: 'x', question_ids: ['q-ta-pub'] },
      teacher,
    );
    const hijack = await t.call(
      tailorCalls.save,
      { id: theirs.data.book.id, user_id: l.user.id, name: 'y', question_ids: ['q-ta-pub'] },
      teacher,
    );
    expect(hijack.err?.kind).toBe('not_found');
    const [row] = await t.deps.database.db
      .select()
      .from(tailoredBooks)
      .where(eq(tailoredBooks.id, theirs.data.book.id));
    expect(row).toMatchObject({ userId: other.user.id, name: 'x' });
  });

  it('learners and operators may not build books; admins may', async () => {
    const l = await learnerWithUses(1);
    const body = { user_id: l.user.id, name: 'x', question_ids: ['q-ta-pub'] };
    expect((await t.call(tailorCalls.save, body, l)).err?.kind).toBe('forbidden');
    expect(
      (await t.call(tailorCalls.list, { user_id: l.user.id }, await createUser(t.deps, { isOperator: true }))).err
        ?.kind,
    ).toBe('forbidden');
    expect((await t.call(tailorCalls.save, body, admin)).err).toBeNull();
  });

  it('the learner reads their own books under the question access rules; delete removes one', async () => {
    const l = await learnerWithUses(1);
    const made = await t.call(
      tailorCalls.save,
      { user_id: l.user.id, name: '我的题本', question_ids: ['q-ta-lock', 'q-ta-hid', 'q-ta-pub'] },
      teacher,
    );
    const mine = await t.call(tailorCalls.mine, {}, l);
    expect(mine.data.books).toHaveLength(1);
    // Trail: the locked question keeps its labels without its stem; the hidden one is not revealed at all.
    expect(mine.data.books[0]!.questions.map((q) => [q.id, q.accessable, q.preview === ''])).toEqual([
      ['q-ta-lock', false, true],
      ['q-ta-pub', true, false],
    ]);
    expect((await t.call(tailorCalls.mine, {}, await learnerWithUses(0))).data.books).toEqual([]);
    expect((await t.call(tailorCalls.delete, { id: made.data.book.id }, l)).err?.kind).toBe('forbidden');
    expect((await t.call(tailorCalls.delete, { id: made.data.book.id }, teacher)).err).toBeNull();
    expect((await t.call(tailorCalls.delete, { id: made.data.book.id }, teacher)).err?.kind).toBe('not_found');
    expect((await t.call(tailorCalls.mine, {}, l)).data.books).toEqual([]);
    expect((await auditRowsFor(t.deps, 'tailor/delete', made.data.book.id))[0]!.before).toMatchObject({
      name: '我的题本',
    });
  });
});
