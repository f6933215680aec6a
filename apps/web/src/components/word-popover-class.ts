/**
 * The class of the word popover's root: a press inside it is no "outside click", and a dialog under it can tell it is
 * showing. Here, apart from the provider in features/words, so a page without antd (the exam screen) can import it
 * without the words feature's face, which brings antd's popover.
 */
export const WORD_POPOVER_CLASS = 'gw-popover';

/** Whether a word popover is showing; a dialog beneath then leaves Esc to the popover, which closes first. */
export function wordPopoverOpen(): boolean {
  return document.querySelector(`.${WORD_POPOVER_CLASS}`) !== null;
}
