import { stepOf, type CardStage, type FlashChoice } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import type { GradingItem } from './card-data.js';

// The rules update_choice and finish_round share: which round is running, which step a stage takes, how a step went.

/** How a step went, worked out from the stored round: the client's word is never taken for it. */
export function grade(choice: FlashChoice, item: GradingItem): 'pass' | 'miss' {
  switch (choice.step) {
    case 'flip':
      return choice.know ? 'pass' : 'miss';
    case 'quiz':
      return item.quiz && choice.option === item.quiz.answer ? 'pass' : 'miss';
    case 'exam':
      return item.recall?.accepted.includes(choice.text.trim().toLowerCase()) ? 'pass' : 'miss';
  }
}

export const sameChoice = (a: FlashChoice, b: FlashChoice) => JSON.stringify(a) === JSON.stringify(b);

export const roundOver = () => new AppError('conflict', 'round already finished', '这一轮已经结束，请刷新');
const notRunning = (index: number) =>
  new AppError('conflict', `round ${index} is not the running round`, '这一轮不是当前进行中的一轮，请刷新');

/** The stored round a request names, or the conflict that says why it is not running; `roundIndex`: rounds begun. */
export function runningRound<R extends { index: number }>(round: R | null, roundIndex: number, index: number): R {
  if (!round) throw index <= roundIndex ? roundOver() : notRunning(index);
  if (round.index !== index) throw index < round.index ? roundOver() : notRunning(index);
  return round;
}

export function checkStep(stage: CardStage, choice: FlashChoice, at: number): void {
  const step = stepOf(stage);
  if (choice.step !== step)
    throw new AppError(
      'invalid_input',
      `runtimes[${at}]: a ${stage} card takes the ${step ?? 'no'} step, not ${choice.step}`,
    );
}
