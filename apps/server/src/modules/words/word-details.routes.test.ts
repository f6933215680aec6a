import { GRE_BANDS, WORD_DETAILS_PAGE_MAX, WORD_EXAMPLES_MAX, wordCalls, type RoleKind } from '@gre/contracts';
import { cardReviews, examItems, exams, examSections } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithToken } from '../../../test/actors.js';
import { passage, pkg, rcSingle, tc1 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { importPackage } from '../content-import/index.js';
import { greBands } from '../cards/index.js';

let t: TestApp;
const db = () => t.deps.database.db;

/** A sentence-equivalence question shaped like the bank's: the answers are C and F. */
function se(id: string, options: string[], lists: { synonyms: string[]; antonyms: string[] }, extra = {}) {
  return {
    id,
    category: 1,
    kind: 'se',
    difficulty: 'easy',
    description: 'Select the two answer choices that produce completed sentences that are alike in meaning.',
    inquiry: `Fixture ${id}: the speaker's {{1}} delivery kept the audience engaged.`,
    input_method: {
      kind: 'SixChooseTwo',
      option_groups: [{ options: options.map((text, i) => ({ key: 'ABCDEF'[i], text })) }],
      group_size: 1,
      option_size: 6,
    },
    standard_answer: { multi_selects: ['C', 'F'] },
    analysis: { text: `**答案**：C、F（${options[2]}, ${options[5]}）`, key_words: [], ...lists },
    ...extra,
  };
}

const ANIMATED = se('q-det-se', ['scholarly', 'tedious', 'animated', 'monotonous', 'halting', 'lively'], {
  synonyms: ['animated 生动的', 'vivacious 活泼的'],
  antonyms: ['monotonous 单调的', 'tedious 乏味的', 'dry 枯燥的'],
});
const LACONIC = se(
  'q-det-lock',
  ['verbose', 'ornate', 'laconic', 'florid', 'prolix', 'terse'],
  { synonyms: ['succinct 简洁的'], antonyms: ['verbose 啰嗦的'] },
  { visibility: 'locked' },
);

beforeAll(async () => {
  t = await createTestApp();
  const cites = {
    analysis: {
      text: '"debate about glaciers lasted for hours" 可知，选 C。',
      key_words: [],
      synonyms: [],
      antonyms: [],
    },
  };
  const text = (w: string) =>
    `The ${w} debate about glaciers lasted for hours in the hall. Each speaker was more ${w} than the one before, and the audience stayed until the end of the evening.`;
  await importPackage(
    db(),
    pkg({
      'bank/details.json': {
        passages: [passage('p-det', { text: text('animated') }), passage('p-det-hid', { text: text('laconic') })],
        questions: [
          rcSingle('q-det-rc', 'p-det', cites),
          rcSingle('q-det-rc-hid', 'p-det-hid', { ...cites, visibility: 'hidden' }),
          ANIMATED,
          LACONIC,
          ...Array.from({ length: WORD_EXAMPLES_MAX + 2 }, (_, i) => tc1(`q-det-tc-${i}`)),
        ],
      },
    }),
  );
});
afterAll(() => t.close());

async function learner(roleKind: RoleKind = 'VIP') {
  const u = await userWithToken(db(), { roleKind });
  const token = u.token;
  const call = <B extends Record<string, unknown>>(c: Parameters<TestApp['call']>[0], body: B) =>
    t.call(c, body, { token });
  return {
    id: u.user.id,
    add: async (words: string[], book_id?: number) =>
      (await t.call(wordCalls.addWords, book_id ? { words, book_id } : { words }, { token })).data.book,
    details: (book_id: number, page?: number, page_size?: number) =>
      t.call(
        wordCalls.getDetailsByBook,
        { book_id, ...(page ? { page } : {}), ...(page_size ? { page_size } : {}) },
        {
          token,
        },
      ),
    bands: () => t.call(wordCalls.bands, {}, { token }),
    call,
  };
}

/** An exam of the learner holding one question: graded (`correct` set) or not, its section submitted or not. */
async function examWith(userId: number, questionId: string, o: { status: string; finished: boolean; graded: boolean }) {
  const [exam] = await db()
    .insert(exams)
    .values({ userId, name: '练习', kind: 'filter', source: 'test', status: o.status, createOption: {} })
    .returning({ id: exams.id });
  await db().insert(examSections).values({
    examId: exam!.id,
    index: 0,
    name: '练习',
    area: 'practice',
    timeLimitSeconds: 0,
    questionCount: 1,
    finished: o.finished,
  });
  await db()
    .insert(examItems)
    .values({
      examId: exam!.id,
      sectionIndex: 0,
      position: 0,
      questionId,
      inputKind: 'SixChooseTwo',
      correct: o.graded ? true : null,
    });
  return exam!.id;
}
const done = (userId: number, questionId: string) =>
  examWith(userId, questionId, { status: 'Finished', finished: true, graded: true });

const relationsOf = async (l: Awaited<ReturnType<typeof learner>>, bookId: number) =>
  Object.fromEntries(
    (await l.details(bookId)).data.words.map((w) => [w.word, { synonyms: w.synonyms, antonyms: w.antonyms }]),
  );

describe('/api/word/get_details_by_book', () => {
  it('gives each word of a page its entry, newest first: phonetic, senses GRE first, definitions, forms, band, mastered', async () => {
    const me = await learner();
    await me.add(['appreciate', 'abandon']);
    const book = await me.add(['laconic', 'glacier']);
    await db().insert(cardReviews).values({ userId: me.id, word: 'laconic', schedule: {}, dueAt: new Date() });
    const res = await me.details(book.id, 1, 3);
    expect(res.status).toBe(200);
    expect(res.data.total).toBe(4);
    expect(res.data.book).toMatchObject({ id: book.id, word_count: 4 });
    const second = (await me.details(book.id, 2, 3)).data.words;
    expect([...res.data.words, ...second].map((w) => w.word)).toEqual(['glacier', 'laconic', 'abandon', 'appreciate']);
    const all = [...res.data.words, ...second];
    const by = Object.fromEntries(all.map((w) => [w.word, w]));
    expect(by.abandon).toMatchObject({ simple: false, band: 1, mastered: false });
    expect(by.abandon!.phonetic).not.toBe('');
    expect(by.abandon!.senses.join(' ')).toMatch(/放弃/);
    expect(by.abandon!.definition.length).toBeGreaterThan(0);
    expect(by.abandon!.forms).toContainEqual({ kind: 'p', word: 'abandoned' });
    expect(by.appreciate!.gre_senses.length).toBeGreaterThan(0);
    expect(by.appreciate!.senses[0]).toBe(by.appreciate!.gre_senses[0]);
    expect(by.laconic).toMatchObject({ band: (await greBands()).band('laconic'), mastered: true });
    expect(by.glacier!.band).toBeNull();
  });

  it(`shows at most ${WORD_EXAMPLES_MAX} bank sentences a word, only of questions the learner may see`, async () => {
    const me = await learner('VIP');
    const book = await me.add(['critic', 'animated', 'laconic']);
    const by = Object.fromEntries((await me.details(book.id)).data.words.map((w) => [w.word, w.examples]));
    expect(by.critic).toHaveLength(WORD_EXAMPLES_MAX);
    for (const e of by.critic!) {
      expect(e.question_id).toMatch(/^q-det-tc-/);
      expect(e.sentence.slice(...e.highlight)).toBe('critic');
    }
    expect(by.animated!.map((e) => e.question_id)).toEqual(['q-det-rc', 'q-det-rc']);
    expect(by.animated![0]!.sentence.slice(...by.animated![0]!.highlight)).toBe('animated');
    // laconic stands only in the passage of a hidden question.
    expect(by.laconic).toEqual([]);
  });

  it('gives synonyms and antonyms only from questions the learner has had graded', async () => {
    const me = await learner();
    const book = await me.add(['animated', 'tedious', 'lively']);
    const none = { synonyms: [], antonyms: [] };
    expect(await relationsOf(me, book.id)).toEqual({ animated: none, tedious: none, lively: none });
    // Answered but not yet graded reveals nothing either.
    await examWith(me.id, 'q-det-se', { status: 'Start', finished: false, graded: false });
    expect((await relationsOf(me, book.id)).animated).toEqual(none);
    const other = await learner();
    await done(other.id, 'q-det-se');
    expect((await relationsOf(me, book.id)).animated).toEqual(none);
    const otherBook = await other.add(['animated', 'tedious', 'lively']);
    expect(await relationsOf(other, otherBook.id)).toEqual({
      animated: { synonyms: ['vivacious', 'lively'], antonyms: ['monotonous', 'tedious', 'dry'] },
      tedious: { synonyms: ['monotonous', 'dry'], antonyms: ['animated', 'vivacious', 'lively'] },
      lively: { synonyms: ['animated', 'vivacious'], antonyms: ['monotonous', 'tedious', 'dry'] },
    });
  });

  it('never reveals a graded question whose answers the learner may not see now', async () => {
    const trail = await learner('Trail');
    await done(trail.id, 'q-det-lock');
    const book = await trail.add(['laconic', 'terse']);
    expect((await relationsOf(trail, book.id)).laconic).toEqual({ synonyms: [], antonyms: [] });
    const vip = await learner('VIP');
    await done(vip.id, 'q-det-lock');
    const vipBook = await vip.add(['laconic', 'terse']);
    expect((await relationsOf(vip, vipBook.id)).laconic).toEqual({
      synonyms: ['succinct', 'terse'],
      antonyms: ['verbose'],
    });
  });

  it('holds back a question of the learner’s running exam, even one they checked in a later practice', async () => {
    const me = await learner();
    const running = await examWith(me.id, 'q-det-se', { status: 'Start', finished: false, graded: false });
    await done(me.id, 'q-det-se');
    const book = await me.add(['animated']);
    expect((await relationsOf(me, book.id)).animated).toEqual({ synonyms: [], antonyms: [] });
    await db().update(examSections).set({ finished: true }).where(eq(examSections.examId, running));
    expect((await relationsOf(me, book.id)).animated!.synonyms).toEqual(['vivacious', 'lively']);
  });

  it('answers not_found for another learner’s or an unknown book, and refuses pages past their bounds', async () => {
    const me = await learner();
    const other = await learner();
    const theirs = await other.add(['abandon']);
    for (const res of [await me.details(theirs.id), await me.details(9_007_199_254_740_991)]) {
      expect(res.status).toBe(404);
      expect(res.err?.kind).toBe('not_found');
      expect(JSON.stringify(res.err)).not.toContain('abandon');
    }
    for (const body of [
      { book_id: theirs.id, page_size: WORD_DETAILS_PAGE_MAX + 1 },
      { book_id: theirs.id, page: 0 },
      { book_id: theirs.id, page: 1001 },
      { book_id: theirs.id, page_size: 0 },
      { book_id: 'x' },
      { book_id: theirs.id, extra: 1 },
    ]) {
      expect((await me.call(wordCalls.getDetailsByBook, body)).err?.kind, JSON.stringify(body)).toBe('invalid_input');
    }
    const mine = await me.add(['abandon']);
    expect((await me.details(mine.id, 1000, WORD_DETAILS_PAGE_MAX)).data).toMatchObject({ words: [], total: 1 });
    expect((await me.details(mine.id, 1, WORD_DETAILS_PAGE_MAX)).data.words).toHaveLength(1);
  });
});

describe('/api/word/bands', () => {
  it(`answers ${GRE_BANDS} bands with their sizes and the learner’s mastered words in each`, async () => {
    const me = await learner();
    const bands = await greBands();
    await db()
      .insert(cardReviews)
      .values(
        ['abandon', 'laconic', 'glacier'].map((word) => ({ userId: me.id, word, schedule: {}, dueAt: new Date() })),
      );
    const res = (await me.bands()).data.bands;
    expect(res.map((b) => b.band)).toEqual([1, 2, 3, 4, 5]);
    expect(res.map((b) => b.count)).toEqual(res.map((b) => bands.words(b.band).length));
    expect(res.every((b) => b.count > 1000)).toBe(true);
    const mastered = Array.from({ length: GRE_BANDS }, () => 0);
    for (const w of ['abandon', 'laconic']) mastered[bands.band(w)! - 1]! += 1;
    expect(res.map((b) => b.mastered)).toEqual(mastered);
    expect((await (await learner()).bands()).data.bands.every((b) => b.mastered === 0)).toBe(true);
    expect((await me.call(wordCalls.bands, { band: 1 })).err?.kind).toBe('invalid_input');
  });
});
