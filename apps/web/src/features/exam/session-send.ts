import { examCalls, type Answer, type ExamChange, type ExamItem } from '@gre/contracts';
import { ApiError } from '../../api/client';
import type { Position } from './exam-model';
import type { CallFn } from './session-types';

// The exam session's changes as the calls that carry them (exam-session.ts queues them, one at a time).

export type ChangeOp =
  | { type: 'start' }
  | { type: 'move'; at: Position }
  | { type: 'answer'; at: Position; answer: Answer; seq: number }
  | { type: 'flag'; at: Position; flagged: boolean; seq: number }
  | { type: 'finish'; section: number }
  | { type: 'check'; at: Position; answer: Answer; seq: number };

export const isKind = (err: unknown, ...kinds: string[]) => err instanceof ApiError && kinds.includes(err.kind);
/** Worth sending again: no answer at all, the server or a proxy failed, or the site is being upgraded. */
export const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);
/** No answer at all: the device is offline (or the server unreachable), as opposed to a server that said no. */
export const isOffline = (err: unknown) => err instanceof ApiError && err.status === 0;

/** What the server answered a change: its new revision and clock, and for a check the item with its answers. */
export interface Sent {
  change: ExamChange;
  item?: ExamItem;
}

export async function sendChange(call: CallFn, ref: { id: number; revision: number }, op: ChangeOp): Promise<Sent> {
  const quiet = { quiet: true };
  switch (op.type) {
    case 'start':
      return { change: await call(examCalls.start, ref) };
    case 'move':
      return {
        change: await call(
          examCalls.move,
          { ...ref, section_index: op.at.section, question_index: op.at.question },
          quiet,
        ),
      };
    case 'answer':
      return {
        change: await call(
          examCalls.answer,
          { ...ref, section_index: op.at.section, question_index: op.at.question, answer: op.answer },
          quiet,
        ),
      };
    case 'flag':
      return {
        change: await call(
          examCalls.flag,
          { ...ref, section_index: op.at.section, question_index: op.at.question, flagged: op.flagged },
          quiet,
        ),
      };
    case 'finish':
      return { change: await call(examCalls.finishSection, { ...ref, section_index: op.section }) };
    case 'check':
      return call(examCalls.check, {
        ...ref,
        section_index: op.at.section,
        question_index: op.at.question,
        answer: op.answer,
      });
  }
}
