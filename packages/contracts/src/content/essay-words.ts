/**
 * The words of an essay as every screen and the server count them (the editor's counter, the result page, the judging
 * record): runs of letters and digits, with inner apostrophes and hyphens (don't, well-known) kept in one word.
 * Punctuation and Chinese characters are not words of an English essay.
 */
/** One word of an essay (global: use with match / matchAll, which do not keep its lastIndex). */
export const ESSAY_WORD = /[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g;

export function countEssayWords(text: string): number {
  return text.match(ESSAY_WORD)?.length ?? 0;
}
