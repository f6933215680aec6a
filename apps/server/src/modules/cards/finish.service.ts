import {
  FLASH_SOURCES,
  nextStage,
  type CallRequest,
  type CallResponse,
  type CardStage,
  type flashCalls,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { flashNotFound } from './flash.service.js';
import { toBrief } from './flash-view.js';
import { emptyCounts } from './flash.repository.js';
import { finishStatements } from './finish-batch.js';
import { checkStep, grade, roundOver, runningRound } from './grading.js';
import { reviewsAfter } from './review.js';

/** Reads before giving up when choices keep being recorded between the read and the write. */
const ATTEMPTS = 3;

/**
 * /api/flash/finish_round: ends the running round. The payload must be that round (same words, order and stages);
 * every card needs a choice of its stage's step, a stored choice winning over the payload's, and every move is
 * recomputed with nextStage — the client's outcomes are never read. One statement reads the deck, its cards and the
 * round's review schedules; one statement closes the round, moves the cards and writes the reviews, all or nothing,
 * and only while the stored round is the one read (both shared with concurrent finishes, finish-batch.ts): a replay,
 * or the loser of two concurrent finishes, reads the round closed and is `conflict`, writing nothing; a choice
 * recorded in between is read again.
 */
export async function finishRound(
  deps: Pick<Deps, 'database' | 'clock' | 'fast'>,
  actor: Actor,
  body: CallRequest<typeof flashCalls.finishRound>,
): Promise<CallResponse<typeof flashCalls.finishRound>> {
  const statements = finishStatements(deps);
  const now = deps.clock.now();
  for (let attempt = 1; ; attempt++) {
    const facts = await statements.facts(body.flash_id);
    if (!facts || facts.row.userId !== actor.user.id) throw flashNotFound();
    const { row, cards } = facts;
    const round = runningRound(row, body.round.index);
    const sent = body.round.runtimes;
    if (sent.length !== round.runtimes.length)
      throw new AppError('invalid_input', `round.runtimes: the round has ${round.runtimes.length} cards`);
    const moves = round.runtimes.map((stored, i) => {
      const mine = sent[i]!;
      if (mine.word !== stored.word || mine.stage !== stored.stage)
        throw new AppError('invalid_input', `round.runtimes[${i}]: not the card or stage of the running round`);
      const choice = stored.choice ?? mine.choice;
      if (!choice) throw new AppError('invalid_input', `round.runtimes[${i}]: no choice`);
      checkStep(stored.stage, choice, i);
      const outcome = stored.choice && stored.outcome ? stored.outcome : grade(choice, round.items[i]!);
      return { word: stored.word, from: stored.stage, to: nextStage(stored.stage, outcome), outcome };
    });
    const to = new Map(moves.map((m) => [m.word, m.to]));
    const stages = cards.map((c) => to.get(c.word) ?? (c.stage as CardStage));
    const closed = await statements.write({
      id: row.id,
      userId: actor.user.id,
      index: round.index,
      roundHash: facts.roundHash!,
      finished: stages.every((s) => s === 'Master'),
      moves: moves.map((m) => ({ word: m.word, stage: m.to, missed: m.outcome === 'miss' })),
      ...reviewsAfter(row.rangeKind === FLASH_SOURCES.review, cards, moves, facts.schedules, now),
      now,
    });
    if (!closed) {
      if (attempt < ATTEMPTS) continue;
      throw roundOver();
    }
    const counts = emptyCounts();
    for (const s of stages) counts[s] += 1;
    return {
      flash: toBrief({ ...row, ...closed, round: null }, counts),
      moves: moves.map(({ word, from, to: dest }) => ({ word, from, to: dest })),
    };
  }
}
