import { bookCalls, MOCK_SECTIONS, questionCalls } from '@gre/contracts';
import { bookTemplates, passages, questions } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { CONTENT_DIR, readPackageFrom, seedContent } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (where = sql`true`) =>
  Number(
    (
      await t.deps.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(questions)
        .where(where)
    )[0]!.n,
  );

describe('seedContent', () => {
  it('reads the shipped package: bank, books and both word lists, nothing else', () => {
    const names = readPackageFrom(CONTENT_DIR).map((f) => f.name);
    expect(names).toContain('words/gre-words.csv');
    expect(names.some((n) => n.startsWith('bank/'))).toBe(true);
    expect(names.some((n) => n.startsWith('books/'))).toBe(true);
    expect(names.every((n) => /^(bank|books|words)\//.test(n))).toBe(true);
  });

  it('imports the shipped content into an empty bank once, and serves it', { timeout: 180_000 }, async () => {
    const result = await seedContent(t.deps);
    expect(result?.summary.words).toBe(7504);
    expect(await count(sql`${questions.category} = 5`)).toBe(7504);
    expect(await count(sql`${questions.category} between 1 and 4`)).toBe(result?.summary.questions);
    expect(await count(sql`${questions.searchText} = ''`)).toBe(0);
    expect(await seedContent(t.deps)).toBeNull();

    const kinds = await t.deps.database.db.selectDistinct({ kind: bookTemplates.kind }).from(bookTemplates);
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'archived_pick',
      'archived_six_two',
      'best',
      'higher',
      'math2',
      'mock',
      'pick',
      'season',
    ]);
    const higher = await t.deps.database.db.select().from(bookTemplates).where(eq(bookTemplates.kind, 'higher'));
    expect(higher.every((b) => b.access === 'lock' && b.minRole === 'SVIP')).toBe(true);

    const { token } = await userWithToken(t.deps.database.db, { roleKind: 'VIP' });
    const season = await t.call(bookCalls.list, { kind: 'season' }, { token });
    expect(season.data.books).toHaveLength(3);
    const math2 = await t.call(bookCalls.list, { kind: 'math2' }, { token });
    expect(new Set(math2.data.books.map((b) => b.kind2))).toEqual(
      new Set(['arithmetic', 'algebra', 'geometry', 'data_analysis']),
    );
    const opened = await t.call(bookCalls.get, { id: math2.data.books[0]!.id }, { token });
    const ids = opened.data.sections[0]!.questions.map((q) => q.id);
    const views = await t.call(
      questionCalls.get,
      { ids: ids.slice(0, 50), book_id: math2.data.books[0]!.id },
      { token },
    );
    expect(
      views.data.questions.every(
        (q) => q.category === 3 && q.topic === math2.data.books[0]!.kind2 && q.analysis !== null,
      ),
    ).toBe(true);

    // Mocks are taken as simulated exams only: a learner cannot open one as a book, staff can check it.
    expect((await t.call(bookCalls.get, { id: 'b-mock-1' }, { token })).err?.kind).toBe('not_found');
    const asStaff = (
      await t.call(
        bookCalls.get,
        { id: 'b-mock-1' },
        { token: (await userWithToken(t.deps.database.db, { isAdmin: true })).token },
      )
    ).data;
    expect(asStaff.sections.map((s) => [s.section, s.questions.length])).toEqual(Object.entries(MOCK_SECTIONS));
    const firstId = asStaff.sections[1]!.questions[0]!.id;
    expect((await t.call(questionCalls.get, { ids: [firstId], book_id: 'b-mock-1' }, { token })).err?.kind).toBe(
      'not_found',
    );
  });

  it('ships a book of every access kind: prevent (underground, answers after finishing), forbid, hide', async () => {
    const { token } = await userWithToken(t.deps.database.db, { roleKind: 'VIP' });
    const brief = async (kind: 'pick' | 'best' | 'archived_pick', id: string) =>
      (await t.call(bookCalls.list, { kind }, { token })).data.books.find((b) => b.id === id);
    expect(await brief('pick', 'b-diagnostic-verbal')).toMatchObject({
      access: 'prevent',
      answers_after_finish: true,
      refusal: null,
      question_count: 12,
    });
    expect(await brief('archived_pick', 'b-archived-pick-2025-autumn-verbal')).toMatchObject({
      access: 'forbid',
      refusal: 'forbidden',
    });
    expect(await brief('best', 'b-best-reading-revision')).toBeUndefined();

    const opened = await t.call(bookCalls.get, { id: 'b-diagnostic-verbal' }, { token });
    const ids = opened.data.sections[0]!.questions.map((q) => q.id);
    const inBook = await t.call(questionCalls.get, { ids, book_id: 'b-diagnostic-verbal' }, { token });
    expect(
      inBook.data.questions.every(
        (q) => q.visibility === 'underground' && q.standard_answer === null && q.analysis === null,
      ),
    ).toBe(true);
    expect((await t.call(questionCalls.get, { ids: [ids[0]!] }, { token })).err?.kind).toBe('not_found');
  });

  it('connects the GRE words of every shipped passage to word questions that exist', async () => {
    const rows = await t.deps.database.db
      .select({ id: passages.id, text: passages.text, w: passages.wordConnect })
      .from(passages);
    expect(rows.length).toBeGreaterThan(0);
    // A one-paragraph argument may use no word of the GRE list; the passages of any length nearly all do.
    for (const p of rows) if (p.text.split(/\s+/).length > 150) expect(p.w.length, p.id).toBeGreaterThan(0);
    expect(rows.filter((p) => p.w.length > 0).length).toBeGreaterThan(rows.length * 0.9);
    const ids = [...new Set(rows.flatMap((p) => p.w.map((w) => w.id)))];
    expect(
      await count(
        sql`${questions.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${questions.category} = 5`,
      ),
    ).toBe(ids.length);
    const diag = rows.find((p) => p.id === 'p-diag-01')!;
    expect(diag.w.find((w) => w.headword === 'vindicate')?.forms).toEqual(['vindicating']);
    for (const w of diag.w) for (const f of w.forms) expect(diag.text.toLowerCase()).toMatch(new RegExp(`\\b${f}\\b`));
  });
});
