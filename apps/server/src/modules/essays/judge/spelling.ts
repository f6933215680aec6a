/**
 * Spelling against the SCOWL-derived Hunspell en_US dictionary (`dictionary-en`, MIT AND BSD) read by `nspell` (MIT),
 * the Hunspell rules in plain JavaScript: no native build, no network. Building the checker takes about a second, so
 * it is built once per process on first use (or by `warmSpelling()` when a worker starts).
 */
import dictionary from 'dictionary-en';
import nspell from 'nspell';
import type { EssayText, Word } from './text.js';

type Checker = ReturnType<typeof nspell>;
let checker: Checker | null = null;

function spell(): Checker {
  checker ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
  return checker;
}

/** Builds the checker now, so the first essay judged does not pay for it. */
export function warmSpelling(): void {
  spell();
}

/**
 * Is a word one the checker should judge? Not numbers or words with digits, not acronyms (NASA, AI), and not a
 * capitalised word inside a sentence, which is most often a name the dictionary cannot know (Uber, Arizona).
 */
function checkable(word: Word, firstInSentence: boolean): boolean {
  if (/\d/.test(word.text)) return false;
  if (word.text.length > 1 && word.text === word.text.toUpperCase()) return false;
  if (!firstInSentence && /^[A-Z]/.test(word.text)) return false;
  return true;
}

/** Is one word (no hyphen) spelt as the dictionary or the extra known words allow, in its own case or lower case? */
function known(part: string, extra: (lower: string) => boolean): boolean {
  if (part.length <= 1) return true;
  const lower = part.toLowerCase();
  const bare = lower.replace(/'s$/, '');
  const s = spell();
  return s.correct(part) || s.correct(lower) || s.correct(bare) || extra(lower) || extra(bare);
}

/**
 * The misspelt words of an essay, in order. `extra` names words to accept beyond the dictionary (the GRE list's rare
 * words, the prompt's own words). A hyphenated compound is right when each part is; results are cached per spelling.
 */
export function misspelledWords(essay: EssayText, extra: (lower: string) => boolean): Word[] {
  const verdicts = new Map<string, boolean>();
  const wrong: Word[] = [];
  let sentence = -1;
  for (const word of essay.words) {
    const first = word.sentence !== sentence;
    sentence = word.sentence;
    if (!checkable(word, first)) continue;
    let ok = verdicts.get(word.text);
    if (ok === undefined) {
      ok = word.text.split('-').every((part) => known(part, extra));
      verdicts.set(word.text, ok);
    }
    if (!ok) wrong.push(word);
  }
  return wrong;
}
