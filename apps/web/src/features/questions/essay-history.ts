/** A text box's content and selection. */
export interface TextState {
  value: string;
  start: number;
  end: number;
}

export type EditKind = 'type' | 'delete' | 'cut' | 'paste';

/**
 * The essay box's own Undo / Redo (document.execCommand is deprecated, and a React-controlled textarea loses the
 * browser's history whenever its value is set). `past` holds what the box was before each step, `future` what Undo took
 * back.
 */
export interface EditHistory {
  past: TextState[];
  future: TextState[];
  /** The last change, so a run of typing joins into one step. */
  last: { kind: EditKind; at: number } | null;
}

/** Steps kept: enough for any essay session, bounded so a long essay's history stays small. */
const MAX_STEPS = 300;
/** Typing with pauses shorter than this is one step, as in a word processor: Undo takes back a burst, not a letter. */
const BURST_MS = 1000;

export const emptyHistory: EditHistory = { past: [], future: [], last: null };

/** Records the box as it was before a change; a new change ends whatever Redo could bring back. */
export function record(history: EditHistory, before: TextState, kind: EditKind, now: number): EditHistory {
  const last = history.last;
  const continues =
    last !== null && last.kind === kind && (kind === 'type' || kind === 'delete') && now - last.at < BURST_MS;
  const past = continues ? history.past : [...history.past, before].slice(-MAX_STEPS);
  return { past, future: [], last: { kind, at: now } };
}

/** One step back: the state to show and the history after it; null when there is nothing to undo. */
export function undo(history: EditHistory, current: TextState): { history: EditHistory; state: TextState } | null {
  const state = history.past.at(-1);
  if (!state) return null;
  return { history: { past: history.past.slice(0, -1), future: [...history.future, current], last: null }, state };
}

/** One step forward again after Undo; null when there is nothing to redo. */
export function redo(history: EditHistory, current: TextState): { history: EditHistory; state: TextState } | null {
  const state = history.future.at(-1);
  if (!state) return null;
  return { history: { past: [...history.past, current], future: history.future.slice(0, -1), last: null }, state };
}

/** The box with its selection replaced by `text` (cut with ''), the caret after it, and no longer than `max`. */
export function replaceSelection(box: TextState, text: string, max: number): TextState {
  const start = Math.min(box.start, box.end, box.value.length);
  const end = Math.min(Math.max(box.start, box.end), box.value.length);
  const room = Math.max(0, max - (box.value.length - (end - start)));
  const inserted = text.slice(0, room);
  const caret = start + inserted.length;
  return { value: box.value.slice(0, start) + inserted + box.value.slice(end), start: caret, end: caret };
}
