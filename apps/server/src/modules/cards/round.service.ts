import {
  FLASH_SOURCES,
  pickRound,
  type CallRequest,
  type CallResponse,
  type FlashRuntime,
  type flashCalls,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { bankWords, greList, wordIndex } from '../questions/index.js';
import { cardData, gradingKey, makeItem, MeaningPool } from './card-data.js';
import { flashNotFound } from './flash.service.js';
import { roundCards, toFlash, storedRound, type StoredRound } from './flash-view.js';
import { cardsOf, findFlash, lockFlash, saveRound, startRound, type FlashRow } from './flash.repository.js';
import { checkStep, grade, runningRound, sameChoice } from './grading.js';
import { cardVisibilities } from './sources.js';
import { CARD_WORD, mathWords } from './word-lists.js';

type RoundDeps = Pick<Deps, 'database' | 'clock' | 'settings' | 'uow'>;

let meaningPool: Promise<MeaningPool> | null = null;

/** Distractor meanings from the GRE list, built once per process. */
function meanings(): Promise<MeaningPool> {
  meaningPool ??= Promise.all([wordIndex(), greList()]).then(
    ([dictionary, list]) =>
      new MeaningPool(
        dictionary,
        list.map((w) => w.word).filter((w) => CARD_WORD.test(w)),
      ),
  );
  meaningPool.catch(() => (meaningPool = null));
  return meaningPool;
}

/** A math deck's own meanings; empty for other decks. */
async function extraMeanings(row: FlashRow): Promise<Map<string, string>> {
  if (row.rangeKind !== FLASH_SOURCES.math) return new Map();
  return new Map((await mathWords()).map((m) => [m.word, m.meaning]));
}

/** The response of open_flash: the deck with its round, and each card of the round as the screen shows it. */
async function opened(row: FlashRow): Promise<CallResponse<typeof flashCalls.openFlash>> {
  const round = storedRound(row);
  const shown = roundCards(row);
  const [dictionary, extra] = await Promise.all([wordIndex(), extraMeanings(row)]);
  return {
    flash: toFlash(row),
    cards: round
      ? round.runtimes.map((r, i) =>
          cardData(dictionary, r.word, shown[i]!, round.sources[i] ?? null, extra.get(r.word) ?? null),
        )
      : [],
  };
}

/**
 * /api/flash/open_flash: the deck with its running round, made now (pickRound: the furthest along first) when none
 * runs. The round's grading data stays in flashes.round; the learner gets only the cards' data. Two opens at once
 * make one round (a conditional update on round_index); a finished deck has none.
 */
export async function openFlash(
  deps: RoundDeps,
  actor: Actor,
  id: number,
): Promise<CallResponse<typeof flashCalls.openFlash>> {
  const db = deps.database.db;
  const row = await findFlash(db, actor.user.id, id);
  if (!row) throw flashNotFound();
  if (row.round || row.status === 'Finish') return opened(row);
  const cards = await cardsOf(db, row);
  const picked = pickRound(cards.map((c) => ({ position: c.position, stage: c.stage })));
  if (picked.length === 0) return opened(row);
  const [dictionary, bank, pool, extra] = await Promise.all([
    wordIndex(),
    bankWords(deps.database),
    meanings(),
    extraMeanings(row),
  ]);
  const index = row.roundIndex + 1;
  const visibilities = cardVisibilities(actor);
  const byPosition = new Map(cards.map((c) => [c.position, c]));
  const inRound = picked.map((p) => byPosition.get(p)!);
  const cardsShown = inRound.map((c) =>
    makeItem(dictionary, bank, pool, {
      word: c.word,
      stage: c.stage,
      seed: `${id}:${index}:${c.word}`,
      visibilities,
      extraMeaning: extra.get(c.word) ?? null,
    }),
  );
  const round: StoredRound = {
    index,
    cursor_index: 0,
    runtimes: inRound.map((c) => ({ word: c.word, stage: c.stage, choice: null, outcome: null })),
    keys: cardsShown.map(gradingKey),
    positions: inRound.map((c) => c.position),
    sources: inRound.map((c) => c.sourceQid),
  };
  await withUnitOfWork(deps, ({ tx }) =>
    startRound(tx, id, row.roundIndex, { round, cards: cardsShown }, deps.clock.now()),
  );
  // Whoever made the round, the stored one is the round.
  return opened((await findFlash(db, actor.user.id, id))!);
}

/**
 * /api/flash/update_choice: records the learner's choice for one card of the running round (the first recorded
 * choice stands: the same again answers the same, another is `conflict`), grades it from the stored round and
 * answers the right answer.
 */
export async function updateChoice(
  deps: RoundDeps,
  actor: Actor,
  body: CallRequest<typeof flashCalls.updateChoice>,
): Promise<CallResponse<typeof flashCalls.updateChoice>> {
  return withUnitOfWork(deps, async ({ tx }) => {
    const row = await lockFlash(tx, actor.user.id, body.flash_id);
    if (!row) throw flashNotFound();
    const round = runningRound(storedRound(row), row.roundIndex, body.round_index);
    const runtime = round.runtimes[body.item_index];
    const item = round.keys[body.item_index];
    if (!runtime || !item)
      throw new AppError('invalid_input', `item_index: the round has ${round.runtimes.length} cards`);
    checkStep(runtime.stage, body.choice, body.item_index);
    const answer = item.quiz ? item.quiz.answer : (item.recall?.answer ?? null);
    if (runtime.choice) {
      if (!sameChoice(runtime.choice, body.choice))
        throw new AppError('conflict', 'this card already has another choice', '这张卡已经作答过了');
      return { runtime, cursor_index: round.cursor_index, answer };
    }
    const next: FlashRuntime = { ...runtime, choice: body.choice, outcome: grade(body.choice, item) };
    round.runtimes[body.item_index] = next;
    round.cursor_index = Math.max(round.cursor_index, body.item_index + 1);
    await saveRound(tx, row.id, round, deps.clock.now());
    return { runtime: next, cursor_index: round.cursor_index, answer };
  });
}
