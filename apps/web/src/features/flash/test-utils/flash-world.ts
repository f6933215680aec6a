import {
  flashCalls,
  nextStage,
  pickRound,
  stageBuckets,
  stepOf,
  userCalls,
  wordCalls,
  type CallRequest,
  type CardStage,
  type Flash,
  type FlashCardData,
  type FlashChoice,
  type FlashRuntime,
  type User,
} from '@gre/contracts';
import { fake, makeUser, type FakeRoute } from '../../../test-utils';

/** 2026-11-22 12:00 in Shanghai, in Unix seconds. */
export const NOW = Date.UTC(2026, 10, 22, 4) / 1000;

/** The index of the right meaning among a word's four quiz options. */
export const RIGHT_OPTION = 2;

/** A word's card data as the server sends it for a card at `stage`. */
export function makeCard(word: string, stage: CardStage): FlashCardData {
  const step = stepOf(stage);
  return {
    word,
    phonetic: `/${word}/`,
    pos: 'adj.',
    senses: [`${word} 的中文释义`, `${word} 的第二个释义`],
    definition: [`the definition of ${word}`],
    quiz_options: step === 'quiz' ? ['错误释义甲', '错误释义乙', `${word} 的中文释义`, '错误释义丙'] : null,
    recall:
      step === 'exam'
        ? {
            mode: 'sentence',
            prompt: `The speaker was so ____ that the meeting ended early (${word.length} letters).`,
            question_id: 'q-s1',
            hint: `${word[0]}${'_'.repeat(word.length - 1)}`,
          }
        : null,
    source_qid: 'q-s1',
  };
}

interface Card {
  word: string;
  stage: CardStage;
}

/**
 * A learner's deck held the way the server holds it, answering the flash calls by the shared rules (rules/flash.ts):
 * rounds picked by pickRound, outcomes worked out from the choices, stages moved by nextStage on finish_round, buckets
 * by stageBuckets. Tests read what the page sent from `finished` and `choices`.
 */
export class FlashWorld {
  cards: Card[];
  flash: Omit<Flash, 'summary' | 'stage_count' | 'all_card_count'>;
  user: User;
  finished: CallRequest<typeof flashCalls.finishRound>[] = [];
  choices: CallRequest<typeof flashCalls.updateChoice>[] = [];
  gaveUp = false;

  constructor(cards: Card[], opts: { roundSize?: number; coins?: number } = {}) {
    this.cards = cards.map((c) => ({ ...c }));
    this.roundSize = opts.roundSize ?? 20;
    this.user = makeUser();
    this.user.authority.flash_coins = opts.coins ?? 120;
    this.flash = {
      id: 31,
      user_id: 7,
      name: '六选二词汇 · 20 词',
      status: 'NotStart',
      range_kind: 5,
      scope: '',
      round: null,
      round_count: 0,
      gave_up: false,
      created_stamp: NOW,
      updated_stamp: NOW,
    };
  }

  private readonly roundSize: number;

  /** The deck as the calls answer it. */
  view(): Flash {
    const stages = this.cards.map((c) => c.stage);
    const summary = stageBuckets(stages);
    return {
      ...this.flash,
      summary,
      stage_count: Object.fromEntries(summary.map((b) => [b.stage, b.count])) as Flash['stage_count'],
      all_card_count: this.cards.length,
    };
  }

  brief() {
    const { round: _round, ...brief } = this.view();
    return brief;
  }

  /** Starts a round now, as open_flash does when none runs. */
  ensureRound(): void {
    if (this.flash.round || this.flash.status === 'Finish') return;
    const picked = pickRound(
      this.cards.map((c, position) => ({ position, stage: c.stage })),
      this.roundSize,
    );
    if (picked.length === 0) return;
    this.flash.round = {
      index: this.flash.round_count + 1,
      cursor_index: 0,
      runtimes: picked.map((i) => ({
        word: this.cards[i]!.word,
        stage: this.cards[i]!.stage,
        choice: null,
        outcome: null,
      })),
    };
  }

  private outcomeOf(runtime: FlashRuntime, choice: FlashChoice): 'pass' | 'miss' {
    if (choice.step === 'flip') return choice.know ? 'pass' : 'miss';
    if (choice.step === 'quiz') return choice.option === RIGHT_OPTION ? 'pass' : 'miss';
    return choice.text.trim().toLowerCase() === runtime.word ? 'pass' : 'miss';
  }

  routes(): FakeRoute[] {
    return [
      fake(userCalls.get, () => ({ data: this.user })),
      fake(wordCalls.getAll, () => ({ data: { books: [] } })),
      fake(flashCalls.openFlash, ({ id }) => {
        if (id !== this.flash.id) return { kind: 'not_found' };
        this.ensureRound();
        const round = this.flash.round;
        const cards = round ? round.runtimes.map((r) => makeCard(r.word, r.stage)) : [];
        return { data: { flash: this.view(), cards } };
      }),
      fake(flashCalls.updateChoice, (body) => {
        this.choices.push(body);
        const round = this.flash.round;
        const runtime = round?.runtimes[body.item_index];
        if (!round || !runtime || round.index !== body.round_index) return { kind: 'conflict' };
        // As the server: the first choice stands; another one is a conflict.
        if (runtime.choice && JSON.stringify(runtime.choice) !== JSON.stringify(body.choice))
          return { kind: 'conflict', show: '这张卡已经作答过了' };
        if (!runtime.choice) {
          runtime.choice = body.choice;
          runtime.outcome = this.outcomeOf(runtime, body.choice);
          round.cursor_index = Math.max(round.cursor_index, body.item_index + 1);
          this.flash.status = 'Start';
        }
        const answer = body.choice.step === 'quiz' ? RIGHT_OPTION : body.choice.step === 'exam' ? runtime.word : null;
        return { data: { runtime: { ...runtime }, cursor_index: round.cursor_index, answer } };
      }),
      fake(flashCalls.finishRound, (body) => {
        this.finished.push(body);
        const round = this.flash.round;
        if (!round || round.index !== body.round.index) return { kind: 'conflict' };
        const moves = round.runtimes.map((r) => {
          const card = this.cards.find((c) => c.word === r.word)!;
          const from = card.stage;
          card.stage = r.outcome ? nextStage(from, r.outcome) : from;
          return { word: r.word, from, to: card.stage };
        });
        this.flash.round = null;
        this.flash.round_count++;
        if (this.cards.every((c) => c.stage === 'Master')) this.flash.status = 'Finish';
        return { data: { flash: this.brief(), moves } };
      }),
      fake(flashCalls.giveUpFlash, () => {
        this.gaveUp = true;
        this.flash = { ...this.flash, status: 'Finish', gave_up: true, round: null };
        return { data: { flash: this.brief() } };
      }),
    ];
  }
}
