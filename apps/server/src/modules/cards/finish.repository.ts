import { FLASH_SOURCES, type CardStage } from '@gre/contracts';
import type { Database } from '@gre/db';
import { rawQuery } from '../../lib/raw-query.js';
import type { FlashRow } from './flash.repository.js';

// finish_round's two statements, each shared by the finishes that arrive together (finish-batch.ts): one read of
// the deck row — the round, every card's stage and misses — and one write of that row (with the review schedules of
// the cards it masters). No transaction is held open between them; a write applies only to the row version its read
// saw (decision 036).

export interface FinishFacts {
  /** The deck row without what its round's cards show (round_cards, which a finish does not read). */
  row: FlashRow;
  /** The row version read (its `xmin`): the write's guard. Any later write of the deck — a choice, a finish — moves it. */
  version: string;
  /** In a review deck, the learner's FSRS schedules of the round's words, by word; empty otherwise. */
  schedules: Record<string, unknown>;
}

const FACTS_SQL = `
select f.id, f.user_id, f.name, f.status, f.range_kind, f.scope, f.all_card_count, f.round_index, f.round_count,
  f.round, to_json(f.stages) as stages, to_json(f.misses) as misses, f.gave_up, f.coins_spent, f.created_at,
  f.updated_at, f.finished_at,
  f.xmin::text as version,
  case when f.range_kind = $2 then coalesce((select jsonb_object_agg(r.word, r.schedule) from card_reviews r
    where r.user_id = f.user_id and r.word in (select x->>'word' from jsonb_array_elements(f.round->'runtimes') x)),
    '{}'::jsonb) end as schedules
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
  stages: string[];
  misses: number[];
  gave_up: boolean;
  coins_spent: number;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
  version: string;
  schedules: Record<string, unknown> | null;
}

/** The facts of several decks in one statement, by id; ids that do not exist are absent. */
export async function finishFactsBatch(database: Database, ids: number[]): Promise<Map<number, FinishFacts>> {
  const rows = await rawQuery<FactsRow>(database, {
    name: 'flash_finish_facts',
    text: FACTS_SQL,
    values: [ids, FLASH_SOURCES.review],
  });
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
          roundCards: null,
          stages: r.stages,
          misses: r.misses,
          gaveUp: r.gave_up,
          coinsSpent: r.coins_spent,
          createdAt: date(r.created_at),
          updatedAt: date(r.updated_at),
          finishedAt: r.finished_at === null ? null : date(r.finished_at),
        },
        version: r.version,
        schedules: r.schedules ?? {},
      },
    ]),
  );
}

export interface FinishWrite {
  id: number;
  userId: number;
  index: number;
  /** The row version the read saw: the write applies only while the deck row is still that version. */
  version: string;
  /** Every card mastered: the deck ends. */
  finished: boolean;
  /** The deck's stages and misses after the round, by position. */
  stages: CardStage[];
  misses: number[];
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
  select * from jsonb_to_recordset($1::jsonb) as w(id bigint, user_id bigint, idx int, version text, finished boolean,
    stages text[], misses int[], reviews jsonb, at timestamptz)),
closed as (
  update flashes f set round = null, round_cards = null, stages = w.stages, misses = w.misses,
    round_count = f.round_count + 1, updated_at = w.at,
    status = case when w.finished then 'Finish' else f.status end,
    finished_at = case when w.finished then w.at else f.finished_at end
  from w
  where f.id = w.id and f.user_id = w.user_id and f.round_index = w.idx and f.xmin = w.version::xid
    and f.round is not null
  returning f.id, f.status, f.round_count, f.finished_at, w.user_id, w.reviews, w.at),
review as (
  select closed.user_id, closed.at, r.*
  from closed cross join lateral jsonb_to_recordset(closed.reviews)
    as r(word text, schedule jsonb, due_at timestamptz, source_qid text, reviewed boolean)),
entered as (
  insert into card_reviews (user_id, word, schedule, due_at, source_qid, created_at)
  select user_id, word, schedule, due_at, source_qid, at from review where not reviewed
  on conflict (user_id, word) do nothing),
rated as (
  insert into card_reviews (user_id, word, schedule, due_at, source_qid, last_reviewed_at, created_at)
  select user_id, word, schedule, due_at, source_qid, at, at from review where reviewed
  on conflict (user_id, word) do update
    set schedule = excluded.schedule, due_at = excluded.due_at, last_reviewed_at = excluded.last_reviewed_at)
select id, status, round_count, finished_at from closed`;

/**
 * Closes each round (round null, one more finished; the deck too when `finished`) with the deck's new stages and
 * misses, and writes its reviews, for several decks in one statement: per deck all of it or, when its row is no
 * longer the version read (finished meanwhile, a choice recorded meanwhile), none of it — then null. At most one
 * write per learner goes in a statement (finish-batch.ts), so no review row is written twice.
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
          version: w.version,
          finished: w.finished,
          stages: w.stages,
          misses: w.misses,
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
