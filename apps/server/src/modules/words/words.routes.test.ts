import {
  DEFAULT_WORD_BOOK_NAME,
  questionCalls,
  summaryCalls,
  WORD_BATCH_MAX,
  WORD_BOOK_MAX_WORDS,
  WORD_BOOKS_MAX,
  wordCalls,
  type CallDef,
} from '@gre/contracts';
import { wordBookEntries, wordBooks } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, userWithToken } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh learner with a token, so each test starts without word books. */
async function learner() {
  const u = await userWithToken(db());
  return { id: u.user.id, token: u.token };
}

const as = (token: string) =>
  ({
    getAll: () => t.call(wordCalls.getAll, {}, { token }),
    add: (words: string[], book_id?: number) =>
      t.call(wordCalls.addWords, book_id === undefined ? { words } : { words, book_id }, { token }),
    del: (book_id: number, words: string[]) => t.call(wordCalls.delete, { book_id, words }, { token }),
    mark: (book_id: number, word: string, simple: boolean) =>
      t.call(wordCalls.markSimple, { book_id, word, simple }, { token }),
    raw: (call: CallDef, body: unknown) => t.call(call, body, { token }),
  }) as const;

const booksOf = (userId: number) => db().select().from(wordBooks).where(eq(wordBooks.userId, userId));

describe('/api/word/add_words', () => {
  it('makes the default book on first use and stores headwords, skipping and listing unknown words', async () => {
    const me = as((await learner()).token);
    expect((await me.getAll()).data).toEqual({ books: [] });
    const res = await me.add(['Abandon', 'abandoned,', ' went ', 'go', 'zzqxv', '“Mitigates”', '   ']);
    expect(res.ok).toBe(true);
    expect(res.data).toMatchObject({ added: 3, words: ['abandon', 'go', 'mitigate'], unknown: ['zzqxv', ''] });
    expect(res.data.book).toMatchObject({ name: DEFAULT_WORD_BOOK_NAME, word_count: 3, simple_count: 0 });
    expect(Number.isNaN(Date.parse(res.data.book.created_at))).toBe(false);
  });

  it('is idempotent: re-adding keeps one entry and its simple mark, in the same book', async () => {
    const me = as((await learner()).token);
    const first = await me.add(['abandon', 'laconic']);
    await me.mark(first.data.book.id, 'laconic', true);
    const again = await me.add(['ABANDON', 'laconic', 'abandoning']);
    expect(again.data).toMatchObject({ added: 0, words: ['abandon', 'laconic'], unknown: [] });
    expect(again.data.book).toMatchObject({ id: first.data.book.id, word_count: 2, simple_count: 1 });
    const all = (await me.getAll()).data.books;
    expect(all).toHaveLength(1);
    expect(all[0]!.words.toSorted((a, b) => a.word.localeCompare(b.word))).toEqual([
      { word: 'abandon', simple: false },
      { word: 'laconic', simple: true },
    ]);
  });

  it("counts the words actually added in today's summary; re-adds and refused adds count nothing", async () => {
    const { token } = await learner();
    const me = as(token);
    const daily = async () => (await t.call(summaryCalls.getDaily, {}, { token })).data.words;
    expect(await daily()).toBe(0);
    await me.add(['abandon', 'laconic', 'zzqxv']);
    await me.add(['abandon', 'placate']);
    expect(await daily()).toBe(3);
    expect((await me.add(['mitigate'], 999_999_999)).ok).toBe(false);
    expect(await daily()).toBe(3);
  });

  it('files a word under the headword the look-up shows, so the popover and the book agree', async () => {
    const { token } = await learner();
    for (const w of ['Mice', 'abandoned', 'went', 'AIDS', 'aids', 'Polish', 'hardier', 'acclimatization', 'bore']) {
      const shown = await t.call(questionCalls.wordLookup, { word: w }, { token });
      const res = await as(token).add([w]);
      expect(res.data.words, w).toEqual([shown.data.entries[0]?.headword]);
    }
  });

  it('adds to a named book of the learner, and answers not_found for another learner’s or an unknown book without writing', async () => {
    const a = await learner();
    const b = await learner();
    const aBook = (await as(a.token).add(['abandon'])).data.book;
    const before = await countRows(db(), ['word_books', 'word_book_entries']);
    for (const res of [
      await as(b.token).add(['laconic'], aBook.id),
      await as(b.token).add(['laconic'], 9_007_199_254_740_991),
      await as(b.token).del(aBook.id, ['abandon']),
      await as(b.token).mark(aBook.id, 'abandon', true),
    ]) {
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
      expect(JSON.stringify(res.err)).not.toContain('abandon');
    }
    expect(await countRows(db(), ['word_books', 'word_book_entries'])).toEqual(before);
    expect((await as(b.token).getAll()).data.books).toEqual([]);
    const named = await as(a.token).add(['laconic'], aBook.id);
    expect(named.data.book).toMatchObject({ id: aBook.id, word_count: 2 });
  });

  it('never makes two default books when first adds race', async () => {
    const me = await learner();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => as(me.token).add(i % 2 ? ['abandon', 'laconic'] : ['went', `mitigate`])),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const books = await booksOf(me.id);
    expect(books).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.book.id))).toEqual(new Set([books[0]!.id]));
    expect(results.reduce((n, r) => n + r.data.added, 0)).toBe(4);
    expect((await as(me.token).getAll()).data.books[0]!.word_count).toBe(4);
  });

  it(`refuses an add that would take a book past ${WORD_BOOK_MAX_WORDS} words, whole; already-present words do not count`, async () => {
    const me = as((await learner()).token);
    const book = (await me.add(['abandon'])).data.book;
    const filler = Array.from({ length: WORD_BOOK_MAX_WORDS - 2 }, (_, i) => ({ bookId: book.id, word: `filler${i}` }));
    await db().insert(wordBookEntries).values(filler);
    const over = await me.add(['laconic', 'mitigate']);
    expect(over.status).toBe(409);
    expect(over.err).toMatchObject({
      kind: 'conflict',
      show: expect.stringContaining(String(WORD_BOOK_MAX_WORDS)) as unknown,
    });
    expect((await me.add(['laconic', 'abandon'])).data).toMatchObject({
      added: 1,
      book: { word_count: WORD_BOOK_MAX_WORDS },
    });
    expect((await me.add(['abandon', 'laconic'])).data.added).toBe(0);
    expect((await me.add(['mitigate'])).err?.kind).toBe('conflict');
  });

  it(`refuses to make the default book for a learner who already has ${WORD_BOOKS_MAX} books`, async () => {
    const u = await learner();
    await db()
      .insert(wordBooks)
      .values(Array.from({ length: WORD_BOOKS_MAX }, (_, i) => ({ userId: u.id, name: `词书 ${i}` })));
    const res = await as(u.token).add(['abandon']);
    expect(res.err).toMatchObject({ kind: 'conflict' });
    expect(await booksOf(u.id)).toHaveLength(WORD_BOOKS_MAX);
    const first = (await booksOf(u.id))[0]!;
    expect((await as(u.token).add(['abandon'], first.id)).data.added).toBe(1);
  });

  it('refuses bodies past their bounds and hostile input with invalid_input, writing nothing', async () => {
    const { token } = await learner();
    const me = as(token);
    const before = await countRows(db(), ['word_books', 'word_book_entries']);
    const bad: unknown[] = [
      {},
      { words: [] },
      { words: 'abandon' },
      { words: Array.from({ length: WORD_BATCH_MAX + 1 }, () => 'go') },
      { words: ['a'.repeat(65)] },
      { words: [''] },
      { words: [1] },
      { words: ['go'], book_id: 0 },
      { words: ['go'], book_id: -1 },
      { words: ['go'], book_id: 1.5 },
      { words: ['go'], book_id: '1' },
      { words: ['go'], book_id: 2 ** 53 },
      { words: ['go'], extra: true },
      { words: ['go\u0000'] },
      { words: ['go\u202e', 'x'.repeat(64) + '\ud800'] },
    ];
    for (const body of bad) {
      const res = await me.raw(wordCalls.addWords, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(['invalid_input', 'malformed_json']).toContain(res.err?.kind);
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: wordCalls.addWords.path,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{"words":["go"],"__proto__":{"book_id":1}}',
    });
    expect(proto.statusCode).toBe(400);
    expect(await countRows(db(), ['word_books', 'word_book_entries'])).toEqual(before);
    // Strings that only look dangerous are words the dictionary does not know: skipped, never run.
    const odd = await me.add(["'; drop table word_books; --", '%', '_', '<script>alert(1)</script>', '😀']);
    expect(odd.data.added).toBe(0);
    expect(odd.data.unknown).toHaveLength(5);
    expect((await t.call(wordCalls.addWords, { words: ['go'] })).err?.kind).toBe('unauthorized');
  });

  it('refuses a frozen learner', async () => {
    const u = await userWithToken(db(), { isFreeze: true });
    expect((await as(u.token).add(['go'])).err?.kind).toBe('user_frozen');
    expect((await as(u.token).getAll()).err?.kind).toBe('user_frozen');
  });

  it('accepts a full batch', async () => {
    const me = as((await learner()).token);
    const res = await me.add(Array.from({ length: WORD_BATCH_MAX }, (_, i) => (i % 2 ? 'Went' : 'going')));
    expect(res.data).toMatchObject({ added: 1, words: ['go'], unknown: [] });
  });
});

describe('/api/word/get_all', () => {
  it("lists only the caller's books, oldest first, each with its words newest first", async () => {
    const a = await learner();
    const other = await learner();
    await as(other.token).add(['laconic']);
    const def = (await as(a.token).add(['abandon'])).data.book;
    const [second] = await db().insert(wordBooks).values({ userId: a.id, name: '阅读生词' }).returning();
    await as(a.token).add(['go'], second!.id);
    await as(a.token).add(['mitigate'], second!.id);
    await as(a.token).mark(second!.id, 'go', true);
    const { books } = (await as(a.token).getAll()).data;
    expect(books.map((b) => [b.id, b.name, b.word_count, b.simple_count])).toEqual([
      [def.id, DEFAULT_WORD_BOOK_NAME, 1, 0],
      [second!.id, '阅读生词', 2, 1],
    ]);
    expect(books[1]!.words).toEqual([
      { word: 'mitigate', simple: false },
      { word: 'go', simple: true },
    ]);
  });
});

describe('/api/word/delete and /api/word/mark_simple', () => {
  it('removes words by headword or any form of it, ignoring ones not there', async () => {
    const me = as((await learner()).token);
    const book = (await me.add(['abandon', 'go', 'laconic'])).data.book;
    const res = await me.del(book.id, ['went', 'Laconic', 'mitigate', 'zzqxv']);
    expect(res.data).toMatchObject({ removed: 2, book: { id: book.id, word_count: 1 } });
    expect((await me.getAll()).data.books[0]!.words).toEqual([{ word: 'abandon', simple: false }]);
    expect((await me.del(book.id, ['go'])).data.removed).toBe(0);
  });

  it('sets and clears the simple mark; a word not in the book is not_found', async () => {
    const me = as((await learner()).token);
    const book = (await me.add(['abandon'])).data.book;
    expect((await me.mark(book.id, 'Abandoned', true)).data).toMatchObject({
      word: 'abandon',
      simple: true,
      book: { simple_count: 1 },
    });
    expect((await me.mark(book.id, 'abandon', false)).data).toMatchObject({ simple: false, book: { simple_count: 0 } });
    const missing = await me.mark(book.id, 'laconic', true);
    expect(missing.status).toBe(404);
    expect(missing.err?.kind).toBe('not_found');
  });

  it('refuses bodies past their bounds', async () => {
    const me = as((await learner()).token);
    for (const [call, body] of [
      [wordCalls.delete, { book_id: 1, words: [] }],
      [wordCalls.delete, { words: ['go'] }],
      [wordCalls.delete, { book_id: 1, words: Array.from({ length: WORD_BATCH_MAX + 1 }, () => 'go') }],
      [wordCalls.markSimple, { book_id: 1, word: 'go' }],
      [wordCalls.markSimple, { book_id: 1, word: 'go', simple: 'yes' }],
      [wordCalls.markSimple, { book_id: 1, word: 'g'.repeat(65), simple: true }],
    ] as const) {
      expect((await me.raw(call, body)).err?.kind).toBe('invalid_input');
    }
  });
});
