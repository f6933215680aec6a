import { WORD_BOOK_MAX_WORDS, WORD_BOOK_NAME_MAX, WORD_BOOKS_MAX, wordCalls, type CallDef } from '@gre/contracts';
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

async function learner() {
  const u = await userWithToken(db());
  return { id: u.user.id, ...as(u.token) };
}

const as = (token: string) =>
  ({
    getAll: () => t.call(wordCalls.getAll, {}, { token }),
    add: (words: string[], book_id?: number) =>
      t.call(wordCalls.addWords, book_id === undefined ? { words } : { words, book_id }, { token }),
    mark: (book_id: number, word: string) => t.call(wordCalls.markSimple, { book_id, word, simple: true }, { token }),
    create: (name: string) => t.call(wordCalls.createBook, { name }, { token }),
    remove: (book_id: number) => t.call(wordCalls.deleteBook, { book_id }, { token }),
    merge: (from_id: number, into_id: number) => t.call(wordCalls.merge, { from_id, into_id }, { token }),
    raw: (call: CallDef, body: unknown) => t.call(call, body, { token }),
  }) as const;

const TABLES = ['word_books', 'word_book_entries'];

describe('/api/word/create_book', () => {
  it('makes an empty book with a cleaned name; the same name again is a conflict', async () => {
    const me = await learner();
    const res = await me.create('  阅读  生词\u202e ');
    expect(res.ok).toBe(true);
    expect(res.data.book).toMatchObject({ name: '阅读 生词', word_count: 0, simple_count: 0 });
    const again = await me.create('阅读 生词');
    expect(again.status).toBe(409);
    expect(again.err?.kind).toBe('conflict');
    expect((await me.getAll()).data.books.map((b) => b.name)).toEqual(['阅读 生词']);
    // Another learner may use the same name.
    expect((await (await learner()).create('阅读 生词')).ok).toBe(true);
    expect((await me.add(['abandon'], res.data.book.id)).data.book.word_count).toBe(1);
  });

  it(`refuses a book past ${WORD_BOOKS_MAX}, also when the makes race`, async () => {
    const me = await learner();
    await db()
      .insert(wordBooks)
      .values(Array.from({ length: WORD_BOOKS_MAX - 2 }, (_, i) => ({ userId: me.id, name: `书 ${i}` })));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => me.create(`新书 ${i}`)));
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok).every((r) => r.err?.kind === 'conflict')).toBe(true);
    expect(await db().select().from(wordBooks).where(eq(wordBooks.userId, me.id))).toHaveLength(WORD_BOOKS_MAX);
  });

  it('refuses names out of bounds or empty once cleaned, writing nothing', async () => {
    const me = await learner();
    const before = await countRows(db(), TABLES);
    for (const body of [
      {},
      { name: '' },
      { name: 'x'.repeat(WORD_BOOK_NAME_MAX + 1) },
      { name: 3 },
      { name: 'ok', extra: 1 },
      { name: 'a\u0000b' },
      { name: '\u202e\u2066' },
      { name: '   ' },
    ]) {
      const res = await me.raw(wordCalls.createBook, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await countRows(db(), TABLES)).toEqual(before);
    const odd = await me.create("'; drop table x;--");
    expect(odd.data.book.name).toBe("'; drop table x;--");
  });
});

describe('/api/word/delete_book', () => {
  it('deletes the learner’s book with its words; another learner’s or an unknown one is not_found', async () => {
    const me = await learner();
    const other = await learner();
    const book = (await me.add(['abandon', 'laconic'])).data.book;
    const theirs = (await other.add(['abandon'])).data.book;
    const before = await countRows(db(), TABLES);
    for (const res of [await me.remove(theirs.id), await me.remove(9_007_199_254_740_991)]) {
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
    }
    expect(await countRows(db(), TABLES)).toEqual(before);
    expect((await me.remove(book.id)).data).toEqual({ deleted: true });
    expect((await me.getAll()).data.books).toEqual([]);
    expect(await db().select().from(wordBookEntries).where(eq(wordBookEntries.bookId, book.id))).toEqual([]);
    expect((await me.remove(book.id)).err?.kind).toBe('not_found');
    // The default book comes back on the next add.
    expect((await me.add(['go'])).data.book.word_count).toBe(1);
    expect((await other.getAll()).data.books[0]!.word_count).toBe(1);
  });
});

describe('/api/word/merge', () => {
  it('moves the words without repeats, keeps a simple mark from either side and deletes the first book', async () => {
    const me = await learner();
    const into = (await me.add(['abandon', 'laconic', 'go'])).data.book;
    const from = (await me.create('阅读')).data.book;
    await me.add(['laconic', 'go', 'mitigate', 'placate'], from.id);
    await me.mark(from.id, 'laconic');
    await me.mark(into.id, 'go');
    await me.mark(from.id, 'placate');
    const res = await me.merge(from.id, into.id);
    expect(res.data).toMatchObject({ moved: 2, book: { id: into.id, word_count: 5, simple_count: 3 } });
    const { books } = (await me.getAll()).data;
    expect(books.map((b) => b.id)).toEqual([into.id]);
    expect(Object.fromEntries(books[0]!.words.map((w) => [w.word, w.simple]))).toEqual({
      abandon: false,
      laconic: true,
      go: true,
      mitigate: false,
      placate: true,
    });
  });

  it('refuses another learner’s book, an unknown one and the same book twice, changing nothing', async () => {
    const me = await learner();
    const other = await learner();
    const mine = (await me.add(['abandon'])).data.book;
    const second = (await me.create('二')).data.book;
    const theirs = (await other.add(['laconic'])).data.book;
    const before = await countRows(db(), TABLES);
    for (const res of [
      await me.merge(theirs.id, mine.id),
      await me.merge(mine.id, theirs.id),
      await me.merge(mine.id, 9_007_199_254_740_991),
    ]) {
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
      expect(JSON.stringify(res.err)).not.toContain('laconic');
    }
    for (const body of [
      { from_id: mine.id, into_id: mine.id },
      { from_id: mine.id },
      { from_id: mine.id, into_id: second.id, extra: 1 },
      { from_id: 0, into_id: second.id },
      { from_id: '1', into_id: second.id },
    ]) {
      const res = await me.raw(wordCalls.merge, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await countRows(db(), TABLES)).toEqual(before);
  });

  it(`refuses a merge that would take the book past ${WORD_BOOK_MAX_WORDS} words, whole`, async () => {
    const me = await learner();
    const into = (await me.add(['abandon'])).data.book;
    const from = (await me.create('满')).data.book;
    await db()
      .insert(wordBookEntries)
      .values(Array.from({ length: WORD_BOOK_MAX_WORDS - 3 }, (_, i) => ({ bookId: into.id, word: `filler${i}` })));
    // abandon is in both, so only two words are new: exactly the cap.
    await me.add(['abandon', 'laconic', 'go'], from.id);
    expect((await me.merge(from.id, into.id)).data).toMatchObject({
      moved: 2,
      book: { word_count: WORD_BOOK_MAX_WORDS },
    });
    const extra = (await me.create('再多一个')).data.book;
    await me.add(['mitigate'], extra.id);
    const before = await countRows(db(), TABLES);
    const over = await me.merge(extra.id, into.id);
    expect(over.status).toBe(409);
    expect(over.err?.kind).toBe('conflict');
    expect(await countRows(db(), TABLES)).toEqual(before);
  });

  it('lets two merges of the same pair race without a deadlock or a lost word', async () => {
    const me = await learner();
    const a = (await me.add(['abandon', 'laconic'])).data.book;
    const b = (await me.create('乙')).data.book;
    await me.add(['go', 'laconic'], b.id);
    const [ab, ba] = await Promise.all([me.merge(a.id, b.id), me.merge(b.id, a.id)]);
    expect([ab.ok, ba.ok].filter(Boolean)).toHaveLength(1);
    expect([ab, ba].find((r) => !r.ok)?.err?.kind).toBe('not_found');
    const { books } = (await me.getAll()).data;
    expect(books).toHaveLength(1);
    expect(books[0]!.words.map((w) => w.word).sort()).toEqual(['abandon', 'go', 'laconic']);
  });
});
