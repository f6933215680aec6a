import { FLASH_DECK_MAX, FLASH_OPEN_MAX, FLASH_SOURCES } from '@gre/contracts';
import { flashes } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  choiceFor,
  flashLearner,
  importShippedBank,
  payload,
  playRound,
  storedRoundOf,
  type FlashClient,
} from './cards.fixtures.js';

let t: TestApp;
const db = () => t.deps.database.db;
const TABLES = ['flashes', 'flash_cards', 'card_reviews', 'users'];
const rows = () => countRows(db(), TABLES);
const coinsOf = async (me: FlashClient) => (await me.check({ range_kind: FLASH_SOURCES.six_two, limit: 1 })).data.coins;

beforeAll(async () => {
  t = await createTestApp();
  await importShippedBank(db());
});
afterAll(() => t.close());

/** A learner with a three-card six-two deck whose first round is open; answers the client, the deck and the round. */
async function openDeck(coins = 10) {
  const me = await flashLearner(t, coins);
  const id = (await me.create({ range_kind: FLASH_SOURCES.six_two, limit: 3 })).data.flash.id;
  await me.open(id);
  return { me, id, round: (await storedRoundOf(db(), id))! };
}

describe('create: bad requests write nothing', () => {
  it('refuses limits past the deck size, negative or fractional, unknown sources and scopes', async () => {
    const me = await flashLearner(t, 1000);
    const before = await rows();
    for (const body of [
      { range_kind: FLASH_SOURCES.six_two, limit: FLASH_DECK_MAX + 1 },
      { range_kind: FLASH_SOURCES.six_two, limit: 0 },
      { range_kind: FLASH_SOURCES.six_two, limit: -5 },
      { range_kind: FLASH_SOURCES.six_two, limit: 2.5 },
      { range_kind: 0, limit: 5 },
      { range_kind: 11, limit: 5 },
      { range_kind: FLASH_SOURCES.pick, limit: 5, scope: 'x' },
      { range_kind: FLASH_SOURCES.collected, limit: 5, scope: 'nope' },
      { range_kind: FLASH_SOURCES.word_book, limit: 5, scope: 'abc' },
      { range_kind: FLASH_SOURCES.six_two, limit: 5, coins: 3 },
    ]) {
      const res = await me.create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await rows()).toEqual(before);
    expect(await coinsOf(me)).toBe(1000);
  });

  it('too few coins is flash_coin_short with the figures; nothing is taken or written', async () => {
    const me = await flashLearner(t, 4);
    const before = await rows();
    const res = await me.create({ range_kind: FLASH_SOURCES.six_two, limit: 5 });
    expect(res.status).toBe(402);
    expect(res.err).toMatchObject({ kind: 'flash_coin_short', show: '闪卡额度不足：需要 5 题，当前剩余 4 题' });
    expect(await rows()).toEqual(before);
    expect(await coinsOf(me)).toBe(4);
  });

  it('an empty source is conflict; so is one deck more than FLASH_OPEN_MAX open', async () => {
    const me = await flashLearner(t, 1000);
    expect((await me.create({ range_kind: FLASH_SOURCES.met, limit: 5 })).err?.kind).toBe('conflict');
    for (let i = 0; i < FLASH_OPEN_MAX; i++)
      expect((await me.create({ range_kind: FLASH_SOURCES.math, limit: 1 })).status).toBe(200);
    const before = await rows();
    const over = await me.create({ range_kind: FLASH_SOURCES.math, limit: 1 });
    expect(over.err?.kind).toBe('conflict');
    expect(await rows()).toEqual(before);
    expect(await coinsOf(me)).toBe(1000 - FLASH_OPEN_MAX);
  });
});

describe('coins under concurrency', () => {
  it('with one coin left, of parallel creates exactly one succeeds and the balance ends at zero', async () => {
    const me = await flashLearner(t, 1);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => me.create({ range_kind: FLASH_SOURCES.six_two, limit: 1 })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => r.err?.kind === 'flash_coin_short')).toHaveLength(7);
    expect(await coinsOf(me)).toBe(0);
    expect((await me.list()).data.flashes).toHaveLength(1);
  });

  it('parallel decks of many sizes never take more coins than there are', async () => {
    const me = await flashLearner(t, 10);
    const sizes = [4, 3, 5, 2, 6, 1, 3];
    const results = await Promise.all(sizes.map((limit) => me.create({ range_kind: FLASH_SOURCES.six_two, limit })));
    const spent = sizes.filter((_, i) => results[i]!.ok).reduce((a, b) => a + b, 0);
    const left = await coinsOf(me);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(spent + left).toBe(10);
    const cards = (await me.list()).data.flashes.reduce((n, f) => n + f.all_card_count, 0);
    expect(cards).toBe(spent);
  });
});

describe('rounds: bad input is refused and writes nothing', () => {
  it("another learner's or an unknown flash is not_found on every call", async () => {
    const { id, round } = await openDeck();
    const other = await flashLearner(t);
    const before = await rows();
    for (const res of [
      await other.open(id),
      await other.giveUp(id),
      await other.progress(id),
      await other.choose(id, 1, 0, { step: 'flip', know: true }),
      await other.finish(id, payload(round, [])),
      await other.open(999_999),
    ])
      expect(res.err?.kind).toBe('not_found');
    expect(await rows()).toEqual(before);
  });

  it('a step that does not match the stage, an item past the round, a round not running', async () => {
    const { me, id, round } = await openDeck();
    for (const [body, kind] of [
      [[1, 0, { step: 'quiz', option: 0 }], 'invalid_input'],
      [[1, 0, { step: 'exam', text: 'x' }], 'invalid_input'],
      [[1, 3, { step: 'flip', know: true }], 'invalid_input'],
      [[2, 0, { step: 'flip', know: true }], 'conflict'],
    ] as const) {
      const [r, i, choice] = body;
      expect((await me.choose(id, r, i, choice)).err?.kind).toBe(kind);
    }
    expect((await storedRoundOf(db(), id))!.runtimes.every((r) => r.choice === null)).toBe(true);
    expect(round.index).toBe(1);
  });

  it('finish_round refuses cards not in the round, changed order or stages, skipped stages and missing choices', async () => {
    const { me, id, round } = await openDeck();
    const good = payload(
      round,
      round.runtimes.map((_, i) => choiceFor(round, i, true)),
    );
    const [a, b, c] = good.runtimes;
    const cases: [string, unknown][] = [
      ['a card not in the deck', { ...good, runtimes: [{ ...a, word: 'zymurgy' }, b, c] }],
      ['another order', { ...good, runtimes: [b, a, c] }],
      ['a card left out', { ...good, runtimes: [a, b] }],
      ['a card twice', { ...good, runtimes: [a, b, c, a] }],
      [
        'a stage skipped',
        { ...good, runtimes: [{ ...a, stage: 'Exam', choice: { step: 'exam', text: a!.word } }, b, c] },
      ],
      ['a step not of the stage', { ...good, runtimes: [{ ...a, choice: { step: 'quiz', option: 0 } }, b, c] }],
      ['no choice', { ...good, runtimes: [{ ...a, choice: null }, b, c] }],
      ['an outcome out of the enum', { ...good, runtimes: [{ ...a, outcome: 'master' }, b, c] }],
    ];
    const before = await rows();
    for (const [what, body] of cases) {
      const res = await me.finish(id, body as Record<string, unknown>);
      expect(res.status, what).toBe(400);
      expect(res.err?.kind, what).toBe('invalid_input');
    }
    expect(await rows()).toEqual(before);
    expect((await storedRoundOf(db(), id))!.index).toBe(1);
    // The client's outcomes are never taken: 'pass' claimed on a missed flip still drops the card to Learn.
    const claimed = {
      ...good,
      runtimes: good.runtimes.map((r) => ({ ...r, choice: { step: 'flip', know: false }, outcome: 'pass' })),
    };
    const done = await me.finish(id, claimed);
    expect(done.data.moves.map((m) => m.to)).toEqual(['Learn', 'Learn', 'Learn']);
  });

  it('a replayed finish_round is conflict and changes nothing; of concurrent finishes exactly one wins', async () => {
    const { me, id, round } = await openDeck();
    const body = payload(
      round,
      round.runtimes.map((_, i) => choiceFor(round, i, true)),
    );
    const results = await Promise.all(Array.from({ length: 6 }, () => me.finish(id, body)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results.filter((x) => !x.ok))
      expect(r.err).toMatchObject({ kind: 'conflict', detail: 'round already finished' });
    const after = await me.progress(id);
    expect(after.data.flash.round_count).toBe(1);
    expect(after.data.cards.map((c) => c.stage)).toEqual(['Quiz', 'Quiz', 'Quiz']);
    const replay = await me.finish(id, body);
    expect(replay.err?.kind).toBe('conflict');
    expect((await me.progress(id)).data).toEqual(after.data);
    // A choice for a finished round is refused too.
    expect((await me.choose(id, 1, 0, { step: 'flip', know: true })).err?.kind).toBe('conflict');
  });

  it('a round index ahead of the running one is conflict; a finished deck takes no more rounds', async () => {
    const { me, id, round } = await openDeck();
    const ahead = {
      ...payload(
        round,
        round.runtimes.map((_, i) => choiceFor(round, i, true)),
      ),
      index: 2,
    };
    expect((await me.finish(id, ahead)).err?.kind).toBe('conflict');
    await me.finish(id, { ...ahead, index: 1 });
    await playRound(t, me, id);
    const last = await playRound(t, me, id);
    expect(last.flash.status).toBe('Finish');
    const [row] = await db().select().from(flashes).where(eq(flashes.id, id));
    expect(row!.finishedAt).not.toBeNull();
    expect((await me.finish(id, { ...ahead, index: 4 })).err?.kind).toBe('conflict');
  });
});
