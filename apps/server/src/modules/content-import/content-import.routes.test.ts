import {
  CONTENT_PACKAGE_MAX_BYTES,
  checkBank,
  contentCalls,
  questionFileSchema,
  type ContentProblem,
} from '@gre/contracts';
import { bookItems, questions } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { book, passage, pkg, qc, rcSingle, tc1, validPackage, WORDS_CSV } from './content.fixtures.js';
import { wordQuestionId } from './ecdict.js';
import { importPackage } from './content-import.service.js';

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await userWithToken(t.deps.database.db, { isAdmin: true })).token;
  member = (await userWithToken(t.deps.database.db, { roleKind: 'SVIP', isOperator: true })).token;
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const has = (problems: ContentProblem[], file: string, path: string, text: RegExp) =>
  problems.some((p) => p.file === file && p.path === path && text.test(p.message));

/** A package with one of every kind of mistake the brief lists, each in a known file and place. */
function brokenPackage() {
  return pkg({
    'bank/not-json.json': '{ "questions": [ { "id": "q-x" ',
    'bank/missing.json': { questions: [{ id: 'q-missing', category: 1, kind: 'tc1' }] },
    'bank/shapes.json': {
      questions: [
        tc1('q-bad-answer', { standard_answer: { selects: ['Z'] } }),
        qc('q-qc-two', { standard_answer: { selects: ['A', 'B'] } }),
        rcSingle('q-orphan', 'p-nowhere'),
        tc1('q-dup'),
      ],
    },
    'bank/more.json': {
      passages: [passage('p-ok')],
      questions: [
        tc1('q-dup', { inquiry: 'Another {{1}} stem entirely.' }),
        tc1('q-twin', { inquiry: tc1('q-dup').inquiry }),
      ],
    },
    'bank/nul.json': { questions: [tc1('q-nul', { brief: 'bad\u0000brief' })] },
    'books/books.json': {
      books: [book('b-broken', ['q-dup', 'q-unknown-1']), book('b-lock', ['q-dup'], { access: 'lock' })],
    },
    'words/words.csv': `${WORDS_CSV}\r\nbroken,"unclosed`,
    'notes.txt': 'not content',
  });
}

describe('content dry run', () => {
  it('lists every problem with its file and JSON path, and writes nothing', async () => {
    const before = await countRows(db());
    const res = await t.call(contentCalls.dryRun, { files: brokenPackage() }, { token: admin });
    expect(res.status).toBe(200);
    const { problems, problem_count, valid } = res.data;
    expect(valid).toBe(false);
    expect(problem_count).toBe(problems.length);
    expect(has(problems, 'bank/not-json.json', '/', /not valid JSON/)).toBe(true);
    expect(has(problems, 'bank/missing.json', '/questions/0/difficulty', /./)).toBe(true);
    expect(has(problems, 'bank/missing.json', '/questions/0/inquiry', /./)).toBe(true);
    expect(has(problems, 'bank/shapes.json', '/questions/0', /answer 'Z' is not an option/)).toBe(true);
    expect(has(problems, 'bank/shapes.json', '/questions/1', /needs 1 selected key/)).toBe(true);
    expect(has(problems, 'bank/shapes.json', '/questions/2', /passage p-nowhere does not exist/)).toBe(true);
    expect(
      has(
        problems,
        'bank/more.json',
        '/questions/0',
        /duplicate question id 'q-dup' \(at bank\/shapes.json \/questions\/3\)/,
      ),
    ).toBe(true);
    expect(has(problems, 'bank/more.json', '/questions/1', /same stem as q-dup/)).toBe(true);
    expect(has(problems, 'bank/nul.json', '/questions/0/brief', /control character/)).toBe(true);
    expect(
      has(problems, 'books/books.json', '/books/0/sections/0/question_ids/1', /'q-unknown-1' exists neither/),
    ).toBe(true);
    expect(has(problems, 'books/books.json', '/books/1/access', /needs min_role or unlock_date/)).toBe(true);
    expect(has(problems, 'words/words.csv', 'row 5', /never closed/)).toBe(true);
    expect(has(problems, 'notes.txt', '/', /only .json/)).toBe(true);
    expect(await countRows(db())).toEqual(before);
  });

  it("finds every problem the contracts' checkBank finds, placed at its question", async () => {
    const files = brokenPackage().filter((f) => f.name === 'bank/shapes.json' || f.name === 'bank/more.json');
    const parsed = files.map((f) => questionFileSchema.parse(JSON.parse(f.text)));
    const expected = checkBank(
      parsed.flatMap((p) => p.questions),
      parsed.flatMap((p) => p.passages),
    );
    const { problems } = (await t.call(contentCalls.dryRun, { files }, { token: admin })).data;
    for (const line of expected) {
      const [id, ...rest] = line.split(': ');
      const message = rest.join(': ');
      if (/duplicate id|same stem/.test(message)) continue; // reported with the location of the first copy instead
      expect(
        problems.some((p) => p.message === message),
        `${id}: ${message}`,
      ).toBe(true);
    }
  });

  it('accepts a valid package, counts it and skips the look-up list', async () => {
    const lookup = {
      name: 'words/lookup-words.csv',
      text: 'word,phonetic,translation,tags,exchange\r\nwent,went,v. 去,,0:go/1:p\r\n',
    };
    const res = await t.call(contentCalls.dryRun, { files: [...validPackage(), lookup] }, { token: admin });
    expect(res.data).toMatchObject({
      valid: true,
      problems: [],
      summary: { files: 6, passages: 1, questions: 4, words: 3, books: 1, book_items: 3 },
      skipped: [{ file: 'words/lookup-words.csv' }],
    });
  });

  it('is for admins only', async () => {
    const res = await t.call(contentCalls.dryRun, { files: validPackage() }, { token: member });
    expect(res.err?.kind).toBe('forbidden');
  });
});

describe('content import', () => {
  it('refuses a package with problems as a whole and writes nothing', async () => {
    const before = await countRows(db());
    const files = [
      ...validPackage(),
      ...pkg({ 'bank/bad.json': { questions: [tc1('q-bad', { standard_answer: { selects: ['Q'] } })] } }),
    ];
    const res = await t.call(contentCalls.import, { files }, { token: admin });
    expect(res.status).toBe(400);
    expect(res.err?.kind).toBe('invalid_input');
    expect(res.err?.detail).toMatch(/bank\/bad.json \/questions\/0/);
    expect(await countRows(db())).toEqual(before);
  });

  it('imports, then re-imports in place: no duplicates, changed fields updated, dropped book items removed', async () => {
    const first = await t.call(contentCalls.import, { files: validPackage() }, { token: admin });
    expect(first.status).toBe(200);
    expect(first.data.created).toEqual({ passages: 1, questions: 7, books: 1 });
    const after = await countRows(db());

    const [row] = await db().select().from(questions).where(eq(questions.id, 'q-fx-rc-1'));
    expect(row?.searchText).toContain('glaciers record the climate');
    expect(row?.searchText).toContain('air bubbles');
    const word = (
      await db()
        .select()
        .from(questions)
        .where(eq(questions.id, wordQuestionId('abate')))
    )[0];
    expect(word).toMatchObject({ category: 5, kind: 'word', inquiry: 'abate', difficulty: 'medium' });
    expect(word?.standardAnswer).toMatchObject({ description: 'vt. 减少, 减轻\nvi. 减弱' });
    expect(wordQuestionId('Polish')).not.toBe(wordQuestionId('polish'));

    const changed = validPackage().map((f) =>
      f.name === 'books/pick.json'
        ? pkg({ [f.name]: { books: [book('b-fx-1', ['q-fx-qc-1', 'q-fx-tc1-1'])] } })[0]!
        : f,
    );
    const verbal = changed.find((f) => f.name === 'bank/verbal.json')!;
    verbal.text = JSON.stringify({
      questions: [tc1('q-fx-tc1-1', { brief: '改过的概要' }), tc1('q-fx-tc1-2', { visibility: 'locked' })],
    });
    const second = await t.call(contentCalls.import, { files: changed }, { token: admin });
    expect(second.data).toMatchObject({ created: { passages: 0, questions: 0, books: 0 }, removed_book_items: 1 });
    const rows = await countRows(db());
    expect(rows).toEqual({ ...after, book_items: after.book_items! - 1 });
    const [updated] = await db().select().from(questions).where(eq(questions.id, 'q-fx-tc1-1'));
    expect(updated?.brief).toBe('改过的概要');
    expect(updated?.searchText).toContain('改过的概要');
    const items = await db().select().from(bookItems).where(eq(bookItems.bookId, 'b-fx-1')).orderBy(bookItems.position);
    expect(items.map((i) => i.questionId)).toEqual(['q-fx-qc-1', 'q-fx-tc1-1']);
  });

  it('refreshes the search text of questions whose passage changed, even when they are not in the package', async () => {
    await importPackage(db(), validPackage());
    const text =
      'Coral reefs build themselves slowly from the skeletons of tiny animals. Warmer seas bleach them. Some reefs recover within a decade, while others never do.';
    await importPackage(db(), pkg({ 'p.json': { passages: [passage('p-fx-1', { text })], questions: [] } }));
    const [row] = await db().select({ s: questions.searchText }).from(questions).where(eq(questions.id, 'q-fx-rc-1'));
    expect(row?.s).toContain('coral reefs');
    expect(row?.s).not.toContain('glaciers');
  });

  it('rolls back entirely when a write fails half way', async () => {
    await importPackage(db(), validPackage());
    const before = await countRows(db());
    const snapshot = await db()
      .select({ id: questions.id, brief: questions.brief })
      .from(questions)
      .orderBy(questions.id);
    // A real failure late in the transaction: questions and books are written, then a book item insert fails.
    await db().execute(
      sql`create function fail_item() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`,
    );
    await db().execute(
      sql`create trigger fail_item before insert on book_items for each row when (new.book_id = 'b-fx-fail') execute function fail_item()`,
    );
    try {
      const files = [
        ...pkg({
          'new.json': { questions: [tc1('q-fx-new', { brief: '新题' }), tc1('q-fx-tc1-1', { brief: '不应写入' })] },
        }),
        ...pkg({ 'books.json': { books: [book('b-fx-fail', ['q-fx-new'])] } }),
      ];
      const failure = await importPackage(db(), files).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((failure?.cause as Error | undefined)?.message ?? failure?.message)).toMatch(/disk full/);
    } finally {
      await db().execute(sql`drop trigger fail_item on book_items`);
      await db().execute(sql`drop function fail_item`);
    }
    expect(await countRows(db())).toEqual(before);
    expect(
      await db().select({ id: questions.id, brief: questions.brief }).from(questions).orderBy(questions.id),
    ).toEqual(snapshot);
  });

  it('refuses a package over 10 MB with payload_too_large, however it is sent', async () => {
    const before = await countRows(db());
    const big = 'x'.repeat(CONTENT_PACKAGE_MAX_BYTES / 2 + 1024);
    const overByContent = await t.call(
      contentCalls.dryRun,
      {
        files: [
          { name: 'a.json', text: big },
          { name: 'b.json', text: big },
        ],
      },
      { token: admin },
    );
    expect(overByContent.status).toBe(413);
    expect(overByContent.err?.kind).toBe('payload_too_large');
    // Over the body limit of the route: refused before the body is parsed.
    const huge = 'y'.repeat(CONTENT_PACKAGE_MAX_BYTES);
    const overByBody = await t.call(
      contentCalls.import,
      { files: [0, 1, 2].map((i) => ({ name: `${i}.json`, text: huge })) },
      { token: admin },
    );
    expect(overByBody.status).toBe(413);
    expect(overByBody.err?.kind).toBe('payload_too_large');
    expect(await countRows(db())).toEqual(before);
  });

  it('keeps the 1 MB body limit on every other call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/question/filter',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      payload: JSON.stringify({ keyword: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });
});
