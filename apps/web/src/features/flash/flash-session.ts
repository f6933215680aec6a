import {
  CARD_STAGES,
  stepOf,
  type CallRequest,
  type CardStage,
  type CardStep,
  type Flash,
  type FlashBrief,
  type FlashCardData,
  type FlashRound,
  type FlashRuntime,
  type FlashViewStage,
  type flashCalls,
} from '@gre/contracts';

/** What the page holds of a deck: the deck (with its round while one runs) and the round's card data. */
export interface Deck {
  flash: Flash;
  cards: FlashCardData[];
}

/** A move of finish_round's answer: where a card was and where it is now. */
export interface Move {
  word: string;
  from: CardStage;
  to: CardStage;
}

/** The stage the page opens on: a finished (or given-up) deck shows its result, anything else the intro. */
export function openingStage(flash: FlashBrief): FlashViewStage {
  return flash.status === 'Finish' ? 'Result' : 'StartIntro';
}

/** The card data of a runtime: the open answer lists the round's cards; matched by word, so order does not matter. */
export function cardOf(cards: readonly FlashCardData[], runtime: FlashRuntime): FlashCardData | undefined {
  return cards.find((c) => c.word === runtime.word);
}

/**
 * The step a runtime takes. A mastered card never enters a round (pickRound leaves it out; a review deck's cards
 * start at Exam), so the recall step stands in only for a stage the page does not know.
 */
export function stepOfRuntime(runtime: FlashRuntime): CardStep {
  return stepOf(runtime.stage) ?? 'exam';
}

/** Whether the learner has begun the deck: any round finished or a choice made in the running one. */
export function hasBegun(flash: Flash): boolean {
  return flash.round_count > 0 || (flash.round?.runtimes.some((r) => r.choice !== null) ?? false);
}

/** The first card of the round without a choice at or after the server's cursor (the round's length when none). */
export function resumeIndex(round: FlashRound): number {
  const from = Math.max(0, Math.min(round.cursor_index, round.runtimes.length));
  for (let i = from; i < round.runtimes.length; i++) if (round.runtimes[i]!.choice === null) return i;
  return round.runtimes.length;
}

/**
 * finish_round's payload: the round without any card data — each card's word, the stage it began the round at and
 * the choice made. Outcomes are left out on purpose: the server works them out again and trusts no client figure.
 */
export function finishPayload(flashId: number, round: FlashRound): CallRequest<typeof flashCalls.finishRound> {
  return {
    flash_id: flashId,
    round: {
      index: round.index,
      cursor_index: Math.min(round.cursor_index, round.runtimes.length),
      runtimes: round.runtimes.map((r) => ({ word: r.word, stage: r.stage, choice: r.choice })),
    },
  };
}

const rank = (stage: CardStage) => CARD_STAGES.indexOf(stage);

/** 'X 张升级，Y 张退回学习': cards that climbed a stage, and cards a miss sent (back) to Learn. */
export function moveCounts(moves: readonly Move[]): { up: number; back: number } {
  let up = 0;
  let back = 0;
  for (const m of moves) {
    if (m.to === 'Learn') back++;
    else if (rank(m.to) > rank(m.from)) up++;
  }
  return { up, back };
}

/** The deck's round with one runtime replaced by the server's answer to a choice. */
export function withChoice(flash: Flash, index: number, runtime: FlashRuntime, cursor: number): Flash {
  if (!flash.round) return flash;
  const runtimes = flash.round.runtimes.map((r, i) => (i === index ? runtime : r));
  return { ...flash, status: 'Start', round: { ...flash.round, runtimes, cursor_index: cursor } };
}

/** The mastered count of a deck (the last bucket). */
export function masteredOf(flash: FlashBrief): number {
  return flash.summary.find((b) => b.stage === 'Master')?.count ?? 0;
}
