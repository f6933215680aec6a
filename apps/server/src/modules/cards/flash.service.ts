import {
  FLASH_OPEN_MAX,
  FLASH_REVIEW_DAILY_CAP,
  shanghaiDate,
  shanghaiDayStart,
  type CallResponse,
  type CardStage,
  type FlashCreateRequest,
  type flashCalls,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { dueBefore } from '../../lib/fsrs.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { takeFlashCoins } from '../membership/index.js';
import { bankWords } from '../questions/index.js';
import { currentUser } from '../users/index.js';
import { toBrief } from './flash-view.js';
import {
  cardsOf,
  countOpenFlashes,
  findFlash,
  giveUp,
  insertFlash,
  listFlashes,
  reviewFigures,
  wordsInReview,
} from './flash.repository.js';
import { cardVisibilities, contextQuestion, reviewPool, sourcePool } from './sources.js';

type FlashDeps = Pick<Deps, 'database' | 'clock' | 'settings' | 'uow'>;

/** A deck the learner does not own reads as one that does not exist. */
export const flashNotFound = () => new AppError('not_found', 'flash not found', '闪卡组不存在');

/** /api/flash/check_create: what create_flash would make now, and whether the coins cover it; nothing is written. */
export async function checkCreate(
  deps: FlashDeps,
  actor: Actor,
  req: FlashCreateRequest,
): Promise<CallResponse<typeof flashCalls.checkCreate>> {
  const pool = await sourcePool(deps, actor, req);
  const cards = Math.min(req.limit, pool.words.length);
  const needed = pool.review ? 0 : cards;
  const coins = actor.user.flashCoins;
  return {
    pool_count: pool.words.length,
    card_count: cards,
    coins_needed: needed,
    coins,
    fits: cards > 0 && coins >= needed,
  };
}

/**
 * /api/flash/create_flash: the deck and its cards, with one flash coin per card taken by a conditional update in the
 * same transaction (membership's takeFlashCoins) — concurrent creates never take the balance below zero, and a
 * refused create writes nothing. A review deck costs nothing and its cards start at Exam.
 */
export async function createFlash(
  deps: FlashDeps,
  actor: Actor,
  req: FlashCreateRequest,
): Promise<CallResponse<typeof flashCalls.createFlash>> {
  const pool = await sourcePool(deps, actor, req);
  const chosen = pool.words.slice(0, req.limit);
  if (chosen.length === 0)
    throw new AppError('conflict', 'the source has no words left after the exclusions', '按当前条件没有可用的单词');
  const bank = await bankWords(deps.database);
  const visibilities = cardVisibilities(actor);
  const stage: CardStage = pool.review ? 'Exam' : 'NotSeen';
  const cards = chosen.map((w) => ({
    word: w.word,
    sourceQid: w.sourceQid ?? contextQuestion(bank, w.word, visibilities),
    stage,
  }));
  const coins = pool.review ? 0 : cards.length;
  const now = deps.clock.now();
  return withUnitOfWork(deps, async ({ tx, deps: unit }) => {
    // Taking the coins locks the user's row first, so the count of open decks below is one create at a time.
    if (coins > 0) await takeFlashCoins(tx, actor.user.id, coins);
    if ((await countOpenFlashes(tx, actor.user.id)) >= FLASH_OPEN_MAX)
      throw new AppError(
        'conflict',
        `at most ${FLASH_OPEN_MAX} decks may be open at once`,
        `最多同时进行 ${FLASH_OPEN_MAX} 组闪卡，请先完成或放弃一组`,
      );
    const row = await insertFlash(
      tx,
      { userId: actor.user.id, name: pool.name, rangeKind: req.range_kind, scope: req.scope, coinsSpent: coins },
      cards,
      now,
    );
    return { flash: toBrief(row), user: await currentUser(unit, actor.user.id) };
  });
}

/** /api/flash/list: the learner's decks, newest first. */
export async function listOwnFlashes(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
): Promise<CallResponse<typeof flashCalls.list>> {
  const db = deps.database.db;
  const rows = await listFlashes(db, actor.user.id);
  return { flashes: rows.map(toBrief) };
}

/** /api/flash/get_progress: the deck and every card with its stage, in deck order. */
export async function getProgress(
  deps: Pick<Deps, 'database'>,
  actor: Actor,
  id: number,
): Promise<CallResponse<typeof flashCalls.getProgress>> {
  const db = deps.database.db;
  const row = await findFlash(db, actor.user.id, id);
  if (!row) throw flashNotFound();
  const cards = await cardsOf(db, row);
  return {
    flash: toBrief(row),
    cards: cards.map((c) => ({ word: c.word, stage: c.stage, source_qid: c.sourceQid })),
  };
}

/** /api/flash/give_up_flash: the deck ends without every card mastered; no coin comes back. A closed deck stays as it is. */
export async function giveUpFlash(
  deps: FlashDeps,
  actor: Actor,
  id: number,
): Promise<CallResponse<typeof flashCalls.giveUpFlash>> {
  return withUnitOfWork(deps, async ({ tx }) => {
    const row = await findFlash(tx, actor.user.id, id);
    if (!row) throw flashNotFound();
    const closed = row.status === 'Finish' ? row : ((await giveUp(tx, id, deps.clock.now())) ?? row);
    return { flash: toBrief(closed) };
  });
}

/** /api/flash/review_due: today's long-term review (capped per Shanghai day) and when the next card falls due. */
export async function reviewDue(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
): Promise<CallResponse<typeof flashCalls.reviewDue>> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const dayStart = new Date(shanghaiDayStart(shanghaiDate(now)) * 1000);
  const [figures, today] = await Promise.all([
    reviewFigures(db, actor.user.id, dueBefore(now), dayStart),
    reviewPool(db, actor.user.id, now),
  ]);
  return {
    due_today: today.length,
    due_total: figures.dueTotal,
    reviewed_today: figures.reviewedToday,
    cap: FLASH_REVIEW_DAILY_CAP,
    in_review: figures.inReview,
    next_due_stamp: figures.nextDue ? Math.floor(figures.nextDue.getTime() / 1000) : null,
  };
}

/** Which of these headwords (all of them when null) the learner has mastered in a deck: they are in long-term review. */
export function masteredWords(
  deps: Pick<Deps, 'database'>,
  userId: number,
  words: string[] | null,
): Promise<Set<string>> {
  return wordsInReview(deps.database.db, userId, words);
}
