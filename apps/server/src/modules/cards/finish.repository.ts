import type { CardStage } from '@gre/contracts';
import type { Database } from '@gre/db';
import { rawQuery } from '../../lib/raw-query.js';
import type { FlashCardRow, FlashRow } from './flash.repository.js';

// finish_round's two statements, each shared by the finishes that arrive together (finish-batch.ts): one read of
// everything the rules decide on, one write of everything they change. No transaction is held open between them; a
// write applies only to the round its read saw (the round's fingerprint).

export interface FinishFacts {
  row: FlashRow;
  /** The deck's cards in deck order. */
  cards: FlashCardRow[];
  /** md5 of the stored round as text: the write's guard. Null between rounds. */
  roundHash: string | null;
  /** The learner's FSRS schedules of the round's words already in review, by word. */
  schedules: Record<string, unknown>;
}

const FACTS_SQL = `
select f.id, f.user_id, f.name, f.status, f.range_kind, f.scope, f.all_card_count, f.round_index, f.round_count,
  f.round, f.gave_up, f.coins_spent, f.created_at, f.updated_at, f.finished_at,
  coalesce((select jsonb_agg(jsonb_build_object('word', c.word, 'position', c.position, 'stage', c.stage,
    'sourceQid', c.source_qid, 'misses', c.misses) order by c.position)
    from flash_cards c where c.flash_id = f.id), '[]'::jsonb) as cards,
  md5(f.round::text) as round_hash,
  coalesce((select jsonb_object_agg(r.word, r.schedule) from card_reviews r
    where r.user_id = f.user_id and r.word in (select x->>'word' from jsonb_array_elements(f.round->'runtimes') x)),
    '{}'::jsonb) as schedules
from flashes f where f.id = any($1::bigint[])`;

interface FactsRow {
  id: string | number;
  user_id: string | number;
  name: string;
  status: string;
  range_kind: number;
  scope: string;
  all_card_count: number;
  round_index: number;
  round_count: number;
  round: unknown;
  gave_up: boolean;
  coins_spent: number;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  cards: FlashCardRow[];
  round_hash: string | null;
  schedules: Record<string, unknown>;
}

/** The facts of several decks in one statement, by id; ids that do not exist are absent. */
export async function finishFactsBatch(database: Database, ids: number[]): Promise<Map<number, FinishFacts>> {
  const rows = await rawQuery<FactsRow>(database, { name: 'flash_finish_facts', text: FACTS_SQL, values: [ids] });
  const date = (d: Date | string) => new Date(d);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        row: {
          id: Number(r.id),
          userId: Number(r.user_id),
          name: r.name,
          status: r.status,
          rangeKind: r.range_kind,
          scope: r.scope,
          allCardCount: r.all_card_count,
          roundIndex: r.round_index,
          roundCount: r.round_count,
          round: r.round,
          gaveUp: r.gave_up,
          coinsSpent: r.coins_spent,
          createdAt: date(r.created_at),
          updatedAt: date(r.updated_at),
          finishedAt: r.finished_at === null ? null : date(r.finished_at),
        },
        cards: r.cards,
        roundHash: r.round_hash,
        schedules: r.schedules,
      },
    ]),
  );
}

export interface FinishWrite {
  id: number;
  userId: number;
  index: number;
  /** The fingerprint the read saw: the write applies only while the stored round is that one. */
  roundHash: string;
  /** Every card mastered: the deck ends. */
  finished: boolean;
  moves: { word: string; stage: CardStage; missed: boolean }[];
  /**
   * Schedules to write. `reviewed` marks a review deck's rating, which replaces the schedule there and counts against
   * the day's cap; without it a word already in review keeps its schedule (mastered again in an ordinary deck).
   */
  reviews: { word: string; schedule: unknown; due_at: string; source_qid: string | null; reviewed: boolean }[];
  now: Date;
}

export type ClosedDeck = Pick<FlashRow, 'status' | 'roundCount' | 'updatedAt' | 'finishedAt'>;

const WRITE_SQL = `
with w as (
  select * from jsonb_to_recordset($1::jsonb)
    as w(id bigint, user_id bigint, idx int, hash text, finished boolean, moves jsonb, reviews jsonb, at timestamptz)),
closed as (
  update flashes f set round = null, round_count = f.round_count + 1, updated_at = w.at,
    status = case when w.finished then 'Finish' else f.status end,
    finished_at = case when w.finished then w.at else f.finished_at end
  from w
  where f.id = w.id and f.user_id = w.user_id and f.round_index = w.idx and md5(f.round::text) = w.hash
  returning f.id, f.status, f.round_count, f.finished_at),
moved as (
  update flash_cards c set stage = m.stage, misses = c.misses + (case when m.missed then 1 else 0 end),
    updated_at = w.at
  from w join closed on closed.id = w.id
    cross join lateral jsonb_to_recordset(w.moves) as m(word text, stage text, missed boolean)
  where c.flash_id = w.id and c.word = m.word
  returning 1),
reviewed as (
  insert into card_reviews (user_id, word, schedule, due_at, source_qid, last_reviewed_at, created_at)
  select w.user_id, r.word, r.schedule, r.due_at, r.source_qid, case when r.reviewed then w.at end, w.at
  from w join closed on closed.id = w.id
    cross join lateral jsonb_to_recordset(w.reviews)
      as r(word text, schedule jsonb, due_at timestamptz, source_qid text, reviewed boolean)
  on conflict (user_id, word) do update
    set schedule = excluded.schedule, due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at
    where excluded.last_reviewed_at is not null
  returning 1)
select closed.id, closed.status, closed.round_count, closed.finished_at,
  (select count(*) from moved)::int as moved, (select count(*) from reviewed)::int as reviewed
from closed`;

/**
 * Closes each round (round null, one more finished; the deck too when `finished`), moves its cards (the new stage,
 * one more miss where it missed) and writes its reviews, for several decks in one statement: per deck all of it or,
 * when its stored round is no longer the one read (finished meanwhile, a choice recorded meanwhile), none of it —
 * then null. At most one write per learner goes in a statement (finish-batch.ts), so no review row is written twice.
 */
export async function writeFinishBatch(database: Database, writes: FinishWrite[]): Promise<(ClosedDeck | null)[]> {
  const rows = await rawQuery<{
    id: string | number;
    status: string;
    round_count: number;
    finished_at: Date | string | null;
  }>(database, {
    name: 'flash_finish_write',
    text: WRITE_SQL,
    values: [
      JSON.stringify(
        writes.map((w) => ({
          id: w.id,
          user_id: w.userId,
          idx: w.index,
          hash: w.roundHash,
          finished: w.finished,
          moves: w.moves,
          reviews: w.reviews,
          at: w.now.toISOString(),
        })),
      ),
    ],
  });
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return writes.map((w) => {
    const r = byId.get(w.id);
    if (!r) return null;
    return {
      status: r.status,
      roundCount: Number(r.round_count),
      updatedAt: w.now,
      finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
    };
  });
}
