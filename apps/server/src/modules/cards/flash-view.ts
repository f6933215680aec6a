import {
  CARD_STAGES,
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

export type StageCounts = Record<CardStage, number>;

/** Cards per stage of a deck's stages. */
export function stageCounts(stages: readonly string[]): StageCounts {
  const counts = Object.fromEntries(CARD_STAGES.map((s) => [s, 0])) as StageCounts;
  for (const s of stages) counts[s as CardStage] += 1;
  return counts;
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
  const stages = row.stages as CardStage[];
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    status: row.status as FlashStatus,
    range_kind: row.rangeKind,
    scope: row.scope,
    stage_count: stageCounts(stages),
    round_count: row.roundCount,
    summary: stageBuckets(stages),
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
