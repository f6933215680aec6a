import {
  CARD_STAGES,
  stageBuckets,
  type CardStage,
  type Flash,
  type FlashBrief,
  type FlashRound,
  type FlashStatus,
} from '@gre/contracts';
import type { StoredItem } from './card-data.js';
import type { FlashRow, StageCounts } from './flash.repository.js';

/** flashes.round as stored: the round the learner sees plus, per card, what grading needs (never sent). */
export interface StoredRound extends FlashRound {
  items: StoredItem[];
}

const stamp = (d: Date) => Math.floor(d.getTime() / 1000);

/** The stored round, or null between rounds. */
export function storedRound(row: Pick<FlashRow, 'round'>): StoredRound | null {
  return (row.round as StoredRound | null) ?? null;
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
export function toBrief(row: FlashRow, counts: StageCounts): FlashBrief {
  const stages: CardStage[] = CARD_STAGES.flatMap((s) => Array<CardStage>(counts[s]).fill(s));
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    status: row.status as FlashStatus,
    range_kind: row.rangeKind,
    scope: row.scope,
    stage_count: { ...counts },
    round_count: row.roundCount,
    summary: stageBuckets(stages),
    all_card_count: row.allCardCount,
    gave_up: row.gaveUp,
    created_stamp: stamp(row.createdAt),
    updated_stamp: stamp(row.updatedAt),
  };
}

export function toFlash(row: FlashRow, counts: StageCounts): Flash {
  const round = storedRound(row);
  return { ...toBrief(row, counts), round: round ? publicRound(round) : null };
}
