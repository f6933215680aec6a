/**
 * Flash cards (spec §2/§3/§4, product.md "Flash cards"): the rules both sides share. A card is a word; a deck (Flash)
 * is studied in rounds of up to FLASH_ROUND_SIZE cards, and in each round every card takes the one step its stage
 * asks for. The server alone decides where a card goes (finish_round recomputes every move from the stored round);
 * the web uses the same functions only to say what will happen.
 */

/** Spec §4 card learning stages, in the order a card climbs them. */
export const CARD_STAGES = ['NotSeen', 'Learn', 'Quiz', 'Exam', 'Master'] as const;
export type CardStage = (typeof CARD_STAGES)[number];

/** Spec §4 flash status. */
export const FLASH_STATUSES = ['NotStart', 'Start', 'Finish'] as const;
export type FlashStatus = (typeof FLASH_STATUSES)[number];

/** Spec §2 flash stages: what the /flash/{flashID} page shows. */
export const FLASH_VIEW_STAGES = ['StartIntro', 'InFlash', 'RoundSummary', 'Result'] as const;
export type FlashViewStage = (typeof FLASH_VIEW_STAGES)[number];

/** Most cards in one round. */
export const FLASH_ROUND_SIZE = 20;
/** Most cards in one deck (`limit`). */
export const FLASH_DECK_MAX = 200;
/** Most due cards one day's review takes in (product.md: reviews never pile up). */
export const FLASH_REVIEW_DAILY_CAP = 50;
/** Most decks a learner keeps open (NotStart or Start) at once; another create is `conflict`. */
export const FLASH_OPEN_MAX = 20;

/**
 * Where a deck's words come from (`range_kind`). The first five are spec §9's flash sources; the learner's own word
 * book, the GRE list by frequency band, collected cards, the words met in passages and the day's due reviews are the
 * sources /word offers beside them.
 */
export const FLASH_SOURCES = {
  pick: 1,
  best: 2,
  filling: 3,
  math: 4,
  six_two: 5,
  word_book: 6,
  gre_band: 7,
  collected: 8,
  met: 9,
  review: 10,
} as const;
export type FlashSource = keyof typeof FLASH_SOURCES;
export const FLASH_SOURCE_NAMES = Object.keys(FLASH_SOURCES) as FlashSource[];
export const FLASH_RANGE_KIND_MAX = 10;

/** The source of a range kind, or null for an unknown one. */
export function sourceOfRangeKind(rangeKind: number): FlashSource | null {
  return FLASH_SOURCE_NAMES.find((s) => FLASH_SOURCES[s] === rangeKind) ?? null;
}

/**
 * Spec §9 card tags: Craft.card.range_kind of a question collected as a card — where it was collected (the pick
 * bank, the best bank, anywhere else). 0 is "not collected".
 */
export const CARD_TAGS = { pick: 1, best: 2, card: 3 } as const;
export type CardTag = keyof typeof CARD_TAGS;

/** The step a card at a stage takes in a round: a flip (know / don't know), a quiz of four meanings, a recall. */
export type CardStep = 'flip' | 'quiz' | 'exam';

export function stepOf(stage: CardStage): CardStep | null {
  switch (stage) {
    case 'NotSeen':
    case 'Learn':
      return 'flip';
    case 'Quiz':
      return 'quiz';
    case 'Exam':
      return 'exam';
    case 'Master':
      return null;
  }
}

/** How a step went: passed (knew it, chose right, recalled it) or missed. */
export type StepOutcome = 'pass' | 'miss';

/**
 * Where one step takes a card: a pass climbs one stage (NotSeen counts as Learn), a miss drops it back to Learn.
 * Master is final within a deck.
 */
export function nextStage(stage: CardStage, outcome: StepOutcome): CardStage {
  if (stage === 'Master') return 'Master';
  if (outcome === 'miss') return 'Learn';
  switch (stage) {
    case 'NotSeen':
    case 'Learn':
      return 'Quiz';
    case 'Quiz':
      return 'Exam';
    case 'Exam':
      return 'Master';
  }
}

export interface StageBucket {
  stage: CardStage;
  count: number;
  /** count / deck size, 0–1 (0 for an empty deck). */
  progress: number;
}

/** Spec §3 summary: the five buckets, one per stage in order, whose counts sum to the deck. */
export function stageBuckets(stages: readonly CardStage[]): StageBucket[] {
  const total = stages.length;
  return CARD_STAGES.map((stage) => {
    const count = stages.filter((s) => s === stage).length;
    return { stage, count, progress: total === 0 ? 0 : count / total };
  });
}

/** Order in which cards enter a round: the furthest along first, so nearly learnt cards finish, then new ones. */
const ROUND_PRIORITY: Record<CardStage, number> = { Exam: 0, Quiz: 1, Learn: 2, NotSeen: 3, Master: 4 };

/**
 * The next round: up to `size` cards not yet mastered, the furthest along first and, within a stage, in deck order.
 * Returns the positions chosen; empty when every card is mastered (the deck is finished).
 */
export function pickRound(cards: readonly { position: number; stage: CardStage }[], size = FLASH_ROUND_SIZE): number[] {
  return cards
    .filter((c) => c.stage !== 'Master')
    .sort((a, b) => ROUND_PRIORITY[a.stage] - ROUND_PRIORITY[b.stage] || a.position - b.position)
    .slice(0, size)
    .map((c) => c.position);
}
