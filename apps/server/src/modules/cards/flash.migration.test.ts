import { readFileSync } from 'node:fs';
import { FLASH_SOURCES } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { choiceFor, flashLearner, importShippedBank, payload, playRound, storedRoundOf } from './cards.fixtures.js';

// Migration 0025 moves each card's stage and misses from flash_cards into its deck's row, and gives a running round
// its cards' grading keys, positions and sources, what its cards show going to round_cards (decision 036). Decks made
// and played on today's schema are turned back into the old shape, the migration's data statements run, and
// everything must read as before — and the round still finish.

let t: TestApp;
const db = () => t.deps.database.db;
const cardsShownOf = async (id: number) =>
  (await db().execute<{ cards: unknown }>(sql`select round_cards as cards from flashes where id = ${id}`)).rows[0]!
    .cards;

beforeAll(async () => {
  t = await createTestApp();
  await importShippedBank(db());
});
afterAll(() => t.close());

const statements = readFileSync(
  new URL('../../../../../packages/db/migrations/0025_flash_stages_in_deck.sql', import.meta.url),
  'utf8',
).split('--> statement-breakpoint');

/**
 * Today's decks in the shape before 0025: stage and misses on flash_cards, the round with its cards' display data as
 * `items` and without keys, positions or sources.
 */
const OLD_SHAPE = [
  `alter table flashes drop constraint flashes_cards_ck, drop constraint flashes_round_ck`,
  `alter table flash_cards add column stage text not null default 'NotSeen', add column misses integer not null default 0,
     add column updated_at timestamptz not null default now()`,
  `update flash_cards c set stage = f.stages[c.position + 1], misses = f.misses[c.position + 1]
     from flashes f where f.id = c.flash_id`,
  `update flashes set round = round - 'positions' - 'sources' - 'keys' || jsonb_build_object('items', round_cards),
     round_cards = null where round is not null`,
  `update flashes set stages = '{}', misses = '{}'`,
];

describe('migration 0025', () => {
  it('keeps every card where it stood, and the running round finishes after it', async () => {
    const me = await flashLearner(t, 100);
    const played = (await me.create({ range_kind: FLASH_SOURCES.math, limit: 6 })).data.flash.id;
    // Round one: the first two cards missed, the rest passed; round two opened and left running.
    await playRound(t, me, played, (_, i) => i >= 2);
    await me.open(played);
    const fresh = (await me.create({ range_kind: FLASH_SOURCES.six_two, limit: 4 })).data.flash.id;
    const before = await Promise.all([played, fresh].map(async (id) => (await me.progress(id)).data));
    const running = (await storedRoundOf(db(), played))!;
    const shown = await cardsShownOf(played);
    const states = await db().execute<{ id: number; stages: string[]; misses: number[] }>(
      sql`select id, stages, misses from flashes where id in (${played}, ${fresh}) order by id`,
    );
    expect(states.rows[0]!.misses.filter((m) => m === 1)).toHaveLength(2);

    for (const s of OLD_SHAPE) await db().execute(sql.raw(s));
    // The data statements and what follows them; the columns they fill already exist here.
    for (const s of statements.slice(4)) await db().execute(sql.raw(s));

    const after = await db().execute<{ id: number; stages: string[]; misses: number[] }>(
      sql`select id, stages, misses from flashes where id in (${played}, ${fresh}) order by id`,
    );
    expect(after.rows.map((r) => ({ ...r, id: Number(r.id), misses: r.misses.map(Number) }))).toEqual(
      states.rows.map((r) => ({ ...r, id: Number(r.id), misses: r.misses.map(Number) })),
    );
    expect(await storedRoundOf(db(), played)).toEqual(running);
    expect(await cardsShownOf(played)).toEqual(shown);
    for (const [i, id] of [played, fresh].entries()) expect((await me.progress(id)).data).toEqual(before[i]);

    const done = await me.finish(
      played,
      payload(
        running,
        running.runtimes.map((_, i) => choiceFor(running, i, true)),
      ),
    );
    expect(done.status).toBe(200);
    expect(done.data.moves.map((m) => [m.from, m.to]).sort()).toEqual([
      ['Learn', 'Quiz'],
      ['Learn', 'Quiz'],
      ['Quiz', 'Exam'],
      ['Quiz', 'Exam'],
      ['Quiz', 'Exam'],
      ['Quiz', 'Exam'],
    ]);
    expect(done.data.flash.stage_count).toMatchObject({ Quiz: 2, Exam: 4 });
  });
});
