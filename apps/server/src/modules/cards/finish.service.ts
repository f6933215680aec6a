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
import { storedRound, toBrief } from './flash-view.js';
import { finishStatements } from './finish-batch.js';
import { checkStep, grade, roundOver, runningRound } from './grading.js';
import { reviewsAfter } from './review.js';

/** Reads before giving up when choices keep being recorded between the read and the write. */
const ATTEMPTS = 3;

/**
 * /api/flash/finish_round: ends the running round. The payload must be that round (same words, order and stages);
 * every card needs a choice of its stage's step, a stored choice winning over the payload's, and every move is
 * recomputed with nextStage — the client's outcomes are never read. One statement reads the deck row (its round and
 * where every card stands, decision 036); one statement writes it back — the round closed, the cards moved — with the
 * reviews of the cards it masters, all or nothing, and only while the row is the version read (both shared with
 * concurrent finishes, finish-batch.ts): a replay, or the loser of two concurrent finishes, reads the round closed
 * and is `conflict`, writing nothing; a choice recorded in between is read again.
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
    const { row } = facts;
    const round = runningRound(storedRound(row), row.roundIndex, body.round.index);
    const sent = body.round.runtimes;
    if (sent.length !== round.runtimes.length)
      throw new AppError('invalid_input', `round.runtimes: the round has ${round.runtimes.length} cards`);
    const stages = [...row.stages] as CardStage[];
    const misses = [...row.misses];
    const moves = round.runtimes.map((stored, i) => {
      const mine = sent[i]!;
      if (mine.word !== stored.word || mine.stage !== stored.stage)
        throw new AppError('invalid_input', `round.runtimes[${i}]: not the card or stage of the running round`);
      const choice = stored.choice ?? mine.choice;
      if (!choice) throw new AppError('invalid_input', `round.runtimes[${i}]: no choice`);
      checkStep(stored.stage, choice, i);
      const outcome = stored.choice && stored.outcome ? stored.outcome : grade(choice, round.keys[i]!);
      const to = nextStage(stored.stage, outcome);
      const position = round.positions[i]!;
      const before = misses[position]!;
      stages[position] = to;
      if (outcome === 'miss') misses[position] = before + 1;
      return {
        word: stored.word,
        from: stored.stage,
        to,
        outcome,
        misses: before,
        sourceQid: round.sources[i] ?? null,
      };
    });
    const finished = stages.every((s) => s === 'Master');
    const closed = await statements.write({
      id: row.id,
      userId: actor.user.id,
      index: round.index,
      version: facts.version,
      finished,
      stages,
      misses,
      ...reviewsAfter(row.rangeKind === FLASH_SOURCES.review, moves, facts.schedules, now),
      now,
    });
    if (!closed) {
      if (attempt < ATTEMPTS) continue;
      throw roundOver();
    }
    return {
      flash: toBrief({ ...row, ...closed, stages, misses, round: null, roundCards: null }),
      moves: moves.map(({ word, from, to }) => ({ word, from, to })),
    };
  }
}
