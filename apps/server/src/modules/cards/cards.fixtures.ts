import { flashCalls, type CallResponse, type FlashChoice } from '@gre/contracts';
import { flashes, type Db } from '@gre/db';
import { eq } from 'drizzle-orm';
import { userWithToken } from '../../../test/actors.js';
import type { TestApp } from '../../../test/test-app.js';
import { CONTENT_DIR, importPackage, readPackageFrom } from '../content-import/index.js';
import type { StoredRound } from './flash-view.js';

// Test fixtures of the flash-card tests: the shipped bank and books, a learner's client for the flash calls, and the
// right (or wrong) choice for each card of a running round, read from the stored round.

/** The shipped bank and books (not the 7,500 word questions, which no flash call reads). */
export async function importShippedBank(db: Db): Promise<void> {
  const files = readPackageFrom(CONTENT_DIR).filter((f) => /^(bank|books)\//.test(f.name));
  await importPackage(db, files);
}

export type FlashClient = Awaited<ReturnType<typeof flashLearner>>;

/** A learner with `coins` flash coins and a client for every flash call. */
export async function flashLearner(t: TestApp, coins = 500, role: 'Trail' | 'VIP' = 'VIP') {
  const { user, token } = await userWithToken(t.deps.database.db, {
    flashCoins: coins,
    roleKind: role,
    roleExpiresAt: role === 'VIP' ? new Date(Date.now() + 30 * 86_400_000) : null,
  });
  const c = <C extends (typeof flashCalls)[keyof typeof flashCalls]>(call: C, body: Record<string, unknown>) =>
    t.call(call, body, { token });
  return {
    userId: user.id,
    token,
    check: (b: Record<string, unknown>) => c(flashCalls.checkCreate, b),
    create: (b: Record<string, unknown>) => c(flashCalls.createFlash, b),
    open: (id: number) => c(flashCalls.openFlash, { id }),
    giveUp: (id: number) => c(flashCalls.giveUpFlash, { id }),
    choose: (flash_id: number, round_index: number, item_index: number, choice: FlashChoice) =>
      c(flashCalls.updateChoice, { flash_id, round_index, item_index, choice }),
    finish: (flash_id: number, round: Record<string, unknown>) => c(flashCalls.finishRound, { flash_id, round }),
    progress: (id: number) => c(flashCalls.getProgress, { id }),
    list: () => c(flashCalls.list, {}),
    reviewDue: () => c(flashCalls.reviewDue, {}),
  };
}

/** The stored round of a deck, grading data included (tests only: the learner never sees it). */
export async function storedRoundOf(db: Db, flashId: number): Promise<StoredRound | null> {
  const [row] = await db.select({ round: flashes.round }).from(flashes).where(eq(flashes.id, flashId));
  return (row?.round as StoredRound | null) ?? null;
}

/** The choice that passes (or misses) card `i` of a stored round. */
export function choiceFor(round: StoredRound, i: number, pass: boolean): FlashChoice {
  const { stage } = round.runtimes[i]!;
  const item = round.keys[i]!;
  if (stage === 'NotSeen' || stage === 'Learn') return { step: 'flip', know: pass };
  if (stage === 'Quiz') return { step: 'quiz', option: pass ? item.quiz!.answer : (item.quiz!.answer + 1) % 4 };
  return { step: 'exam', text: pass ? item.recall!.answer.toUpperCase() + '  ' : 'zzzz' };
}

/** The round as finish_round takes it: the runtimes without card data, with the given choices. */
export function payload(round: StoredRound, choices: (FlashChoice | null)[]) {
  return {
    index: round.index,
    cursor_index: round.runtimes.length,
    runtimes: round.runtimes.map((r, i) => ({ word: r.word, stage: r.stage, choice: choices[i] ?? null })),
  };
}

/**
 * Opens the deck's next round and finishes it with every card passed (or as `pass` says per card), sending the
 * choices in the finish payload; answers the finish response.
 */
export async function playRound(
  t: TestApp,
  me: FlashClient,
  flashId: number,
  pass: (word: string, i: number) => boolean = () => true,
): Promise<CallResponse<typeof flashCalls.finishRound>> {
  const opened = await me.open(flashId);
  if (!opened.ok) throw new Error(`open_flash: ${JSON.stringify(opened.err)}`);
  const round = (await storedRoundOf(t.deps.database.db, flashId))!;
  const choices = round.runtimes.map((r, i) => choiceFor(round, i, pass(r.word, i)));
  const done = await me.finish(flashId, payload(round, choices));
  if (!done.ok) throw new Error(`finish_round: ${JSON.stringify(done.err)}`);
  return done.data;
}
