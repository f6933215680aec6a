import type { Answer } from '@gre/contracts';

/** An answer with nothing given, in the one shape every input kind uses. */
export function emptyAnswer(): Answer {
  return { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
}

/** Adds or removes `key`, keeping the options' own order so answers compare and display stably. */
export function toggleKey(chosen: readonly string[], key: string, order: readonly string[]): string[] {
  const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
  return order.filter((k) => next.includes(k));
}

/** Long enough for any GRE numeric answer, well inside the contract's 40 characters. */
export const ENTRY_MAX_LENGTH = 12;

/**
 * The official numeric entry rules: digits, one decimal point (not in fraction boxes), and a minus sign that can
 * only lead. Anything else (letters, commas, a second point, a minus in the middle) is dropped as it is typed or pasted.
 */
export function sanitizeEntry(raw: string, allowDecimal: boolean): string {
  const negative = raw.trimStart().startsWith('-');
  let seenPoint = false;
  let body = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') body += ch;
    else if (ch === '.' && allowDecimal && !seenPoint) {
      seenPoint = true;
      body += ch;
    }
  }
  const signed = (negative ? '-' : '') + body;
  return signed.slice(0, ENTRY_MAX_LENGTH);
}

/** The test's hyphen key: typing '-' anywhere adds the minus sign, typing it again removes it. */
export function toggleSign(value: string): string {
  return value.startsWith('-') ? value.slice(1) : `-${value}`.slice(0, ENTRY_MAX_LENGTH);
}

/** Words as an essay counts them (one rule with the server's). */
export { countEssayWords as countWords } from '@gre/contracts';

/** Option order of a group, for toggles and number keys. */
export function groupKeys(group: { options: { key: string }[] } | undefined): string[] {
  return group?.options.map((o) => o.key) ?? [];
}

/** What a renderer needs to know of a question to apply a number key. */
interface KeyTarget {
  input_method: { kind: string; option_groups: { options: { key: string }[] }[] };
}

/** Sentence equivalence: exactly two answers, so a third pick is refused until one is removed. */
export const SIX_CHOOSE_TWO_MAX = 2;

/** Sets blank `group` of a box fill, keeping one entry per blank ('' while a blank is still empty). */
export function chooseBlank(a: Answer, group: number, key: string, groups: number): Answer {
  const selects = Array.from({ length: groups }, (_, i) => (i === group ? key : (a.selects[i] ?? '')));
  return { ...a, selects };
}

/** Toggles `key` of a multi-choice group; `max` caps how many may be chosen (six choose two). */
export function toggleMulti(a: Answer, key: string, order: readonly string[], max?: number): Answer {
  if (max !== undefined && !a.multi_selects.includes(key) && a.multi_selects.length >= max) return a;
  return { ...a, multi_selects: toggleKey(a.multi_selects, key, order) };
}

/**
 * ui.md: number keys pick options. 1–9 count down the options; in box fills they run on across the columns
 * (1–3 the first blank, 4–6 the second, 7–9 the third). Word cards: 1 know, 2 don't know. Null when the key means nothing here.
 */
export function answerForNumber(q: KeyTarget, a: Answer, n: number): Answer | null {
  const groups = q.input_method.option_groups;
  const kind = q.input_method.kind;
  if (kind === 'Word') return n === 1 ? { ...a, selects: ['know'] } : n === 2 ? { ...a, selects: ['unknown'] } : null;
  if (kind === 'OneBoxFill' || kind === 'TwoBoxFill' || kind === 'ThreeBoxFill') {
    let rest = n - 1;
    for (let g = 0; g < groups.length; g += 1) {
      const opts = groups[g]!.options;
      if (rest < opts.length) return chooseBlank(a, g, opts[rest]!.key, groups.length);
      rest -= opts.length;
    }
    return null;
  }
  const option = groups[0]?.options[n - 1];
  if (!option) return null;
  if (kind === 'SingleOption') return { ...a, selects: [option.key] };
  if (kind === 'MultiSelect') return toggleMulti(a, option.key, groupKeys(groups[0]));
  if (kind === 'SixChooseTwo') {
    const next = toggleMulti(a, option.key, groupKeys(groups[0]), SIX_CHOOSE_TWO_MAX);
    return next === a ? null : next;
  }
  return null;
}
