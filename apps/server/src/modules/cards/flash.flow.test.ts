import { craftCalls, FLASH_SOURCES, type CardStage } from '@gre/contracts';
import { cardReviews, questions, wordBookEntries, wordBooks, wordEncounters } from '@gre/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { choiceFor, flashLearner, importShippedBank, payload, playRound, storedRoundOf } from './cards.fixtures.js';

let t: TestApp;
const clock = new ManualClock(new Date('2026-03-02T02:00:00Z'));
const db = () => t.deps.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await importShippedBank(db());
});
afterAll(() => t.close());

const { pick, best, filling, math, six_two, gre_band, word_book, collected, met, review } = FLASH_SOURCES;
const deck = (range_kind: number, extra: Record<string, unknown> = {}) => ({ range_kind, limit: 5, ...extra });

async function visibilityOf(ids: string[]): Promise<Set<string>> {
  const rows = await db().select({ v: questions.visibility }).from(questions).where(inArray(questions.id, ids));
  return new Set(rows.map((r) => r.v));
}

describe('decks from every source', () => {
  it('check_create counts the pool and the coins; create takes one coin per card and answers the user', async () => {
    const me = await flashLearner(t, 12);
    const check = await me.check(deck(six_two, { limit: 10 }));
    expect(check.data).toMatchObject({ card_count: 10, coins_needed: 10, coins: 12, fits: true });
    expect(check.data.pool_count).toBeGreaterThan(10);
    const made = await me.create(deck(six_two, { limit: 10 }));
    expect(made.status).toBe(200);
    expect(made.data.user.authority.flash_coins).toBe(2);
    expect(made.data.flash).toMatchObject({ status: 'NotStart', all_card_count: 10, round_count: 0, gave_up: false });
    expect(made.data.flash.name).toBe('六选二词汇');
    expect(made.data.flash.stage_count).toEqual({ NotSeen: 10, Learn: 0, Quiz: 0, Exam: 0, Master: 0 });
    expect(made.data.flash.summary.map((b) => b.count)).toEqual([10, 0, 0, 0, 0]);
    expect((await me.check(deck(six_two, { limit: 10 }))).data).toMatchObject({ coins: 2, fits: false });
    const list = await me.list();
    expect(list.data.flashes.map((f) => f.id)).toEqual([made.data.flash.id]);
  });

  it('gives lower-case headwords of questions the learner may see, from the bank sources', async () => {
    const trial = await flashLearner(t, 1000, 'Trail');
    for (const kind of [pick, best, filling, six_two]) {
      const made = await trial.create(deck(kind, { limit: 40 }));
      expect(made.status, `source ${kind}`).toBe(200);
      const cards = (await trial.progress(made.data.flash.id)).data.cards;
      expect(cards.length).toBeGreaterThan(0);
      for (const c of cards) expect(c.word).toMatch(/^[a-z][a-z-]*$/);
      const sources = cards.map((c) => c.source_qid).filter((q): q is string => q !== null);
      expect(sources.length).toBe(cards.length);
      // A trial member sees public questions only: no word comes from a locked one.
      expect([...(await visibilityOf(sources))]).toEqual(['public']);
    }
    const vip = await flashLearner(t, 1000);
    const all = await vip.check(deck(filling, { limit: 200 }));
    const pub = await trial.check(deck(filling, { limit: 200 }));
    expect(all.data.pool_count).toBeGreaterThanOrEqual(pub.data.pool_count);
  });

  it('math, GRE bands, word books, collected cards and met words', async () => {
    const me = await flashLearner(t, 1000);
    const mathDeck = await me.create(deck(math, { limit: 200 }));
    expect(mathDeck.data.flash.all_card_count).toBeGreaterThanOrEqual(100);
    expect((await me.create(deck(math, { scope: '1' }))).err?.kind).toBe('invalid_input');
    const opened = await me.open(mathDeck.data.flash.id);
    expect(opened.data.cards[0]!.word).toBe('integer');
    expect(opened.data.cards[0]!.senses[0]).toBe('整数');

    const band1 = await me.check(deck(gre_band, { scope: '1', limit: 200 }));
    const band5 = await me.check(deck(gre_band, { scope: '5', limit: 200 }));
    expect(band1.data.pool_count).toBeGreaterThan(1000);
    expect(band5.data.pool_count).toBeGreaterThan(1000);
    for (const scope of ['0', '6', '', 'x']) expect((await me.check(deck(gre_band, { scope }))).status).toBe(400);

    const [book] = await db().insert(wordBooks).values({ userId: me.userId, name: '我的生词本' }).returning();
    await db()
      .insert(wordBookEntries)
      .values(
        ['laconic', 'lament', 'obdurate', 'trivial'].map((word, i) => ({ bookId: book!.id, word, simple: i === 3 })),
      );
    const fromBook = await me.create(deck(word_book, { scope: String(book!.id), limit: 10 }));
    expect(fromBook.data.flash).toMatchObject({ name: '生词本 · 我的生词本', all_card_count: 3 });
    const other = await flashLearner(t);
    expect((await other.check(deck(word_book, { scope: String(book!.id) }))).err?.kind).toBe('not_found');
    expect((await me.check(deck(word_book, { scope: '' }))).err?.kind).toBe('invalid_input');

    // Collected cards by tag: the tag follows the book the question was collected from.
    const craft = (question_id: string, template_id?: string) =>
      t.call(
        craftCalls.updateV2,
        {
          update_kind: 'Card',
          craft_id: 0,
          question_id,
          craft: { card: { collected: true, range_kind: 9 } },
          q_category: 0,
          ...(template_id ? { source: { name: 'x', template_id, page: 'Exercise' } } : {}),
        },
        { token: me.token },
      );
    expect((await craft('q-se-001', 'b-pick-filling-easy-1')).status).toBe(200);
    expect((await craft('q-tc1-010')).status).toBe(200);
    const pickTag = await me.check(deck(collected, { scope: 'pick', limit: 200 }));
    const cardTag = await me.check(deck(collected, { scope: 'card', limit: 200 }));
    const allTags = await me.check(deck(collected, { limit: 200 }));
    expect(pickTag.data.pool_count).toBeGreaterThanOrEqual(5);
    expect(cardTag.data.pool_count).toBeGreaterThanOrEqual(5);
    expect(allTags.data.pool_count).toBe(pickTag.data.pool_count + cardTag.data.pool_count);
    expect((await me.check(deck(collected, { scope: 'best' }))).data.pool_count).toBe(0);

    await db()
      .insert(wordEncounters)
      .values([
        {
          userId: me.userId,
          word: 'scrutinize',
          questionId: 'q-se-001',
          sentence: 'x',
          lastAt: new Date(clock.now().getTime() - 1000),
        },
        { userId: me.userId, word: 'laconic', questionId: 'q-se-002', sentence: 'y', lastAt: clock.now() },
      ]);
    const metDeck = await me.create(deck(met));
    const metCards = (await me.progress(metDeck.data.flash.id)).data.cards;
    expect(metCards.map((c) => [c.word, c.source_qid])).toEqual([
      ['laconic', 'q-se-002'],
      ['scrutinize', 'q-se-001'],
    ]);
  });

  it('leaves out words already in a deck, of questions answered right, and in long-term review', async () => {
    const me = await flashLearner(t, 1000);
    const first = await me.create(deck(six_two, { limit: 8 }));
    const firstWords = (await me.progress(first.data.flash.id)).data.cards.map((c) => c.word);
    const again = await me.create(deck(six_two, { limit: 8, exclude_used: true }));
    const againWords = (await me.progress(again.data.flash.id)).data.cards.map((c) => c.word);
    expect(againWords.some((w) => firstWords.includes(w))).toBe(false);
    await db()
      .insert(cardReviews)
      .values({ userId: me.userId, word: againWords[0]!, schedule: {}, dueAt: clock.now() });
    const checks = await me.check(deck(six_two, { limit: 200 }));
    const flashed = await me.check(deck(six_two, { limit: 200, exclude_flashed: true }));
    expect(flashed.data.pool_count).toBe(checks.data.pool_count - 1);
  });
});

describe('rounds', () => {
  it('plays a deck to Master, one stage per passed step, then the deck is finished and its words enter review', async () => {
    const me = await flashLearner(t);
    const id = (await me.create(deck(six_two, { limit: 3 }))).data.flash.id;
    const stagesAfter: CardStage[][] = [];
    for (let round = 1; round <= 3; round++) {
      const done = await playRound(t, me, id);
      stagesAfter.push(done.moves.map((m) => m.to));
      expect(done.flash.round_count).toBe(round);
    }
    expect(stagesAfter).toEqual([
      ['Quiz', 'Quiz', 'Quiz'],
      ['Exam', 'Exam', 'Exam'],
      ['Master', 'Master', 'Master'],
    ]);
    const final = await me.progress(id);
    expect(final.data.flash).toMatchObject({ status: 'Finish', round_count: 3, gave_up: false });
    expect(final.data.flash.summary.map((b) => b.count)).toEqual([0, 0, 0, 0, 3]);
    const rows = await db().select().from(cardReviews).where(eq(cardReviews.userId, me.userId));
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.dueAt.getTime()).toBeGreaterThan(clock.now().getTime() + DAY / 2);
    // A finished deck opens with no round.
    expect((await me.open(id)).data).toMatchObject({ flash: { round: null }, cards: [] });
  });

  it('open_flash resumes the running round with the same cards and sends no grading data', async () => {
    const me = await flashLearner(t);
    const id = (await me.create(deck(filling, { limit: 25 }))).data.flash.id;
    const first = await me.open(id);
    expect(first.data.flash.round).toMatchObject({ index: 1, cursor_index: 0 });
    expect(first.data.cards).toHaveLength(20);
    expect(first.data.flash.status).toBe('Start');
    const again = await me.open(id);
    expect(again.data).toEqual(first.data);
    const text = JSON.stringify(first.data);
    for (const secret of ['"accepted":', '"answer":', '"items":']) expect(text).not.toContain(secret);
    // Parallel opens between rounds make one round.
    await playRoundBy(me, id);
    const both = await Promise.all([me.open(id), me.open(id)]);
    expect(both[0].data.flash.round!.index).toBe(2);
    expect(both[1].data).toEqual(both[0].data);
    expect(both[0].data.cards).toHaveLength(20);
  });

  it('update_choice grades on the server, keeps the first choice, moves the cursor and gives the answer', async () => {
    const me = await flashLearner(t);
    const id = (await me.create(deck(six_two, { limit: 3 }))).data.flash.id;
    await playRound(t, me, id); // every card at Quiz
    await me.open(id);
    const round = (await storedRoundOf(db(), id))!;
    const right = round.keys[0]!.quiz!.answer;
    const wrong = (right + 1) % 4;
    const miss = await me.choose(id, 2, 0, { step: 'quiz', option: wrong });
    expect(miss.data).toEqual({
      runtime: {
        word: round.runtimes[0]!.word,
        stage: 'Quiz',
        choice: { step: 'quiz', option: wrong },
        outcome: 'miss',
      },
      cursor_index: 1,
      answer: right,
    });
    expect((await me.choose(id, 2, 0, { step: 'quiz', option: wrong })).data).toEqual(miss.data);
    expect((await me.choose(id, 2, 0, { step: 'quiz', option: right })).err?.kind).toBe('conflict');
    const pass = await me.choose(id, 2, 2, choiceFor(round, 2, true));
    expect(pass.data).toMatchObject({ runtime: { outcome: 'pass' }, cursor_index: 3 });
    // The payload's choice for item 0 (a pass) loses to the stored miss; item 1 is graded from the payload.
    const choices = [choiceFor(round, 0, true), choiceFor(round, 1, true), choiceFor(round, 2, false)];
    const done = await me.finish(id, payload(round, choices));
    expect(done.data.moves.map((m) => m.to)).toEqual(['Learn', 'Exam', 'Exam']);
    const recalled = await me.open(id);
    const examCard = recalled.data.cards.find((c) => c.recall !== null)!;
    expect(examCard.recall!.hint).toMatch(/^[a-z][_-]+$/);
    expect(examCard.quiz_options).toBeNull();
  });

  it('give_up closes the deck without refund; mastered words stay in review', async () => {
    const me = await flashLearner(t, 5);
    const id = (await me.create(deck(six_two, { limit: 5 }))).data.flash.id;
    const gave = await me.giveUp(id);
    expect(gave.data.flash).toMatchObject({ status: 'Finish', gave_up: true });
    expect((await me.giveUp(id)).data.flash).toEqual(gave.data.flash);
    expect((await me.check(deck(six_two))).data.coins).toBe(0);
    expect((await me.open(id)).data.cards).toEqual([]);
  });
});

/** Plays the open round with every card passed. */
const playRoundBy = (me: Awaited<ReturnType<typeof flashLearner>>, id: number) => playRound(t, me, id);

describe('long-term review', () => {
  it('counts due cards under the daily cap; a review deck costs nothing, starts at Exam and rates its first recall', async () => {
    const me = await flashLearner(t, 4);
    const id = (await me.create(deck(six_two, { limit: 4 }))).data.flash.id;
    for (let i = 0; i < 3; i++) await playRound(t, me, id);
    const none = await me.reviewDue();
    expect(none.data).toMatchObject({ due_today: 0, due_total: 0, reviewed_today: 0, cap: 50, in_review: 4 });
    expect(none.data.next_due_stamp).toBeGreaterThan(clock.now().getTime() / 1000);
    expect((await me.check(deck(review))).data.pool_count).toBe(0);

    clock.advance(60 * DAY);
    const due = await me.reviewDue();
    expect(due.data).toMatchObject({ due_today: 4, due_total: 4, reviewed_today: 0 });
    const check = await me.check(deck(review, { limit: 10 }));
    expect(check.data).toMatchObject({ pool_count: 4, card_count: 4, coins_needed: 0, fits: true });
    const made = await me.create(deck(review, { limit: 10 }));
    expect(made.data.user.authority.flash_coins).toBe(0);
    expect(made.data.flash.stage_count.Exam).toBe(4);
    // Due cards already in an open review deck are not offered again.
    expect((await me.reviewDue()).data.due_today).toBe(0);

    const reviewId = made.data.flash.id;
    const words = (await me.progress(reviewId)).data.cards.map((c) => c.word);
    const done = await playRound(t, me, reviewId, (w) => w !== words[0]);
    expect(done.moves.map((m) => m.to)).toEqual(['Learn', 'Master', 'Master', 'Master']);
    const after = await me.reviewDue();
    expect(after.data).toMatchObject({ reviewed_today: 4, due_today: 0 });
    const rows = await db().select().from(cardReviews).where(eq(cardReviews.userId, me.userId));
    const dueOf = new Map(rows.map((r) => [r.word, r.dueAt.getTime() - clock.now().getTime()]));
    expect(dueOf.get(words[0]!)).toBeLessThanOrEqual(2 * DAY);
    for (const w of words.slice(1)) expect(dueOf.get(w)).toBeGreaterThan(2 * DAY);
    // The missed card masters later in the deck without a second rating.
    const before = rows.find((r) => r.word === words[0])!.schedule;
    await playRound(t, me, reviewId);
    await playRound(t, me, reviewId);
    const relearnt = await playRound(t, me, reviewId);
    expect(relearnt.flash.status).toBe('Finish');
    const [row] = await db()
      .select()
      .from(cardReviews)
      .where(and(eq(cardReviews.userId, me.userId), eq(cardReviews.word, words[0]!)));
    expect(row!.schedule).toEqual(before);
  });
});
