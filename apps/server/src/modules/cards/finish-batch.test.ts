import { FLASH_SOURCES } from '@gre/contracts';
import { cardReviews } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { choiceFor, flashLearner, importShippedBank, payload, storedRoundOf } from './cards.fixtures.js';
import type { StoredRound } from './flash-view.js';

// finish_round's statements are shared by concurrent finishes (finish-batch.ts); FAST_PATHS=off sends each alone.
// Both must give every learner their own result, and exactly one finish per round.

async function openDecks(t: TestApp, learners: number, decksEach: number) {
  const out = [];
  for (let i = 0; i < learners; i++) {
    const me = await flashLearner(t, 100);
    for (let d = 0; d < decksEach; d++) {
      const id = (await me.create({ range_kind: FLASH_SOURCES.math, limit: 3 })).data.flash.id;
      await me.open(id);
      const round = (await storedRoundOf(t.deps.database.db, id))!;
      out.push({ me, id, round });
    }
  }
  return out;
}

for (const fast of ['on', 'off'] as const) {
  describe(`finish_round with FAST_PATHS=${fast}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ FAST_PATHS: fast });
      await importShippedBank(t.deps.database.db);
    });
    afterAll(() => t.close());

    it('many learners at once, two decks each, every finish replayed: one finish per round, each its own moves', async () => {
      const decks = await openDecks(t, 6, 2);
      const bodies = decks.map((d) =>
        payload(
          d.round,
          d.round.runtimes.map((_, i) => choiceFor(d.round, i, d.id % 2 === 0)),
        ),
      );
      const results = await Promise.all(
        decks.flatMap((d, i) => [d.me.finish(d.id, bodies[i]!), d.me.finish(d.id, bodies[i]!)]),
      );
      for (const [i, d] of decks.entries()) {
        const pair = [results[2 * i]!, results[2 * i + 1]!];
        expect(pair.filter((r) => r.ok)).toHaveLength(1);
        expect(pair.find((r) => !r.ok)!.err?.kind).toBe('conflict');
        const won = pair.find((r) => r.ok)!.data;
        expect(won.flash.id).toBe(d.id);
        expect(won.moves.map((m) => m.word)).toEqual(d.round.runtimes.map((r) => r.word));
        expect(won.moves.every((m) => m.to === (d.id % 2 === 0 ? 'Quiz' : 'Learn'))).toBe(true);
        expect(won.flash.round_count).toBe(1);
      }
    });

    it('cards reaching Master in two decks of one learner at once enter review once', async () => {
      const me = await flashLearner(t, 100);
      const ids: number[] = [];
      for (let d = 0; d < 2; d++)
        ids.push((await me.create({ range_kind: FLASH_SOURCES.math, limit: 2 })).data.flash.id);
      // Two rounds each take both decks' cards (the same two math words) to Exam.
      for (let r = 0; r < 2; r++)
        for (const id of ids) {
          await me.open(id);
          const round = (await storedRoundOf(t.deps.database.db, id))!;
          await me.finish(
            id,
            payload(
              round,
              round.runtimes.map((_, i) => choiceFor(round, i, true)),
            ),
          );
        }
      const rounds: StoredRound[] = [];
      for (const id of ids) {
        await me.open(id);
        rounds.push((await storedRoundOf(t.deps.database.db, id))!);
      }
      const done = await Promise.all(
        ids.map((id, k) =>
          me.finish(
            id,
            payload(
              rounds[k]!,
              rounds[k]!.runtimes.map((_, i) => choiceFor(rounds[k]!, i, true)),
            ),
          ),
        ),
      );
      expect(done.map((d) => d.data.flash.status)).toEqual(['Finish', 'Finish']);
      const reviews = await t.deps.database.db.select().from(cardReviews).where(eq(cardReviews.userId, me.userId));
      expect(reviews.map((r) => r.word).sort()).toEqual(['integer', 'quotient']);
    });
  });
}
