/**
 * Rules for input the model must not score: what ETS scores 0 (blank, not English, a copy of the topic) and what we
 * hold to at most 1 (too short to develop, pasted over and over, sharing nothing with the prompt). The thresholds are
 * plain and few, so each flag can be explained to a learner in one sentence.
 */
import type { Features } from './features.js';
import type { JudgeFlag } from './judge-types.js';

/** Fewer words than this cannot develop a position (a complete Issue essay is 350–600 words). */
export const TOO_SHORT_WORDS = 80;
/** Share of letters outside the Latin script above which the essay is not English (Chinese, Cyrillic…). */
export const NON_LATIN_SHARE = 0.3;
/** Misspelt share above which a Latin-letter text is not English words (keyboard mash, another language). */
export const GIBBERISH_PER_100 = 40;
/** Share of the essay's word trigrams found in the prompt above which the essay is the prompt pasted back. */
export const PROMPT_COPY_SHARE = 0.5;
/** Share of word 8-grams seen earlier in the essay above which it is repeated text. */
export const REPEAT_SHARE = 0.4;
/** A prompt needs this many keywords before sharing none of them says anything. */
export const OFF_TOPIC_MIN_KEYWORDS = 3;

const ZERO: readonly JudgeFlag[] = ['empty', 'not_english', 'prompt_copied'];
const AT_MOST_ONE: readonly JudgeFlag[] = ['too_short', 'repetitive', 'off_topic'];

/** The flags an essay's features raise, most serious first; `truncated` comes from the reader. */
export function degenerateFlags(f: Features, truncated: boolean): JudgeFlag[] {
  const flags: JudgeFlag[] = [];
  if (f.words === 0 && f.non_latin_share === 0) flags.push('empty');
  else if (f.non_latin_share > NON_LATIN_SHARE || (f.words >= 20 && f.spelling_per_100 > GIBBERISH_PER_100))
    flags.push('not_english');
  else if (f.prompt_overlap >= PROMPT_COPY_SHARE) flags.push('prompt_copied');
  if (flags.length === 0) {
    if (f.words < TOO_SHORT_WORDS) flags.push('too_short');
    if (f.repetition >= REPEAT_SHARE) flags.push('repetitive');
    if (f.words >= TOO_SHORT_WORDS && f.prompt_keywords >= OFF_TOPIC_MIN_KEYWORDS && f.shared_keywords === 0)
      flags.push('off_topic');
  }
  if (truncated) flags.push('truncated');
  return flags;
}

/** The most a flagged essay may score: 0, 1, or null when no flag limits it. */
export function scoreCap(flags: readonly JudgeFlag[]): 0 | 1 | null {
  if (flags.some((f) => ZERO.includes(f))) return 0;
  if (flags.some((f) => AT_MOST_ONE.includes(f))) return 1;
  return null;
}
