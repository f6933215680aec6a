import {
  stageBuckets,
  type CardStage,
  type Flash,
  type FlashBrief,
  type FlashRound,
  type FlashStatus,
} from '@gre/contracts';
import type { GradingItem, StoredItem } from './card-data.js';
import type { FlashRow } from './flash.repository.js';

/**
 * flashes.round as stored: the round the learner sees plus, per card, how it is graded, where it sits in the deck and
 * where it was found in the bank (never sent). What the cards show is beside it, in flashes.round_cards.
 */
export interface StoredRound extends FlashRound {
  keys: GradingItem[];
  positions: number[];
  sources: (string | null)[];
}

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/** The stored round, or null between rounds. */
export function storedRound(row: Pick<FlashRow, 'round'>): StoredRound | null {
  return (row.round as StoredRound | null) ?? null;
}

/** The running round's cards as made (what each shows), in round order; empty between rounds. */
export function roundCards(row: Pick<FlashRow, 'roundCards'>): StoredItem[] {
  return (row.roundCards as StoredItem[] | null) ?? [];
}

/** The round the learner sees: the stored one without its grading data. */
export function publicRound(round: StoredRound): FlashRound {
  return {
    index: round.index,
    cursor_index: round.cursor_index,
    runtimes: round.runtimes.map((r) => ({ word: r.word, stage: r.stage, choice: r.choice, outcome: r.outcome })),
  };
}

/** Spec §3 Flash without its round: counts per stage and the five buckets (stageBuckets) from the cards' stages. */
export function toBrief(row: FlashRow): FlashBrief {
  const summary = stageBuckets(row.stages as CardStage[]);
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    status: row.status as FlashStatus,
    range_kind: row.rangeKind,
    scope: row.scope,
    stage_count: Object.fromEntries(summary.map((b) => [b.stage, b.count])) as Record<CardStage, number>,
    round_count: row.roundCount,
    summary,
    all_card_count: row.allCardCount,
    gave_up: row.gaveUp,
    created_stamp: stamp(row.createdAt),
    updated_stamp: stamp(row.updatedAt),
  };
}

export function toFlash(row: FlashRow): Flash {
  const round = storedRound(row);
  return { ...toBrief(row), round: round ? publicRound(round) : null };
}
