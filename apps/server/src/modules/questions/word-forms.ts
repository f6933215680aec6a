import type { WordRelation } from '@gre/contracts';

/**
 * Suffix rules for words neither ECDICT row nor exchange field knows (acclimatization, hardiness-like derivations,
 * regular inflections of words whose rows carry no exchange): the bases a word may come from, each with the relation
 * it would have and the part of speech the base must have for the guess to hold — 'reefer' is not the comparative of
 * 'reef', because reef is no adjective.
 */

/** Word classes as ECDICT's sense lines mark them ('n.', 'vt.', 'a.', 'adv.'). */
export type WordClass = 'noun' | 'verb' | 'adjective';

export interface BaseCandidate {
  base: string;
  relation: WordRelation;
  needs: WordClass;
}

interface SuffixRule {
  ending: string;
  /** What replaces the ending; 'UNDOUBLE' drops a doubled final consonant (bigger → big, stopped → stop). */
  bases: string[];
  relation: WordRelation;
  needs: WordClass;
}

const UNDOUBLE = 'UNDOUBLE';

/** Longer and rarer endings first, so acclimatization tries acclimatize before anything -ation would make of it. */
export const SUFFIX_RULES: readonly SuffixRule[] = [
  { ending: 'atization', bases: ['atize', 'atise', 'ate'], relation: 'noun', needs: 'verb' },
  { ending: 'atisation', bases: ['atise', 'atize', 'ate'], relation: 'noun', needs: 'verb' },
  { ending: 'ization', bases: ['ize', 'ise'], relation: 'noun', needs: 'verb' },
  { ending: 'isation', bases: ['ise', 'ize'], relation: 'noun', needs: 'verb' },
  { ending: 'ification', bases: ['ify'], relation: 'noun', needs: 'verb' },
  { ending: 'ation', bases: ['ate', 'e', ''], relation: 'noun', needs: 'verb' },
  { ending: 'ition', bases: ['', 'e'], relation: 'noun', needs: 'verb' },
  { ending: 'ment', bases: [''], relation: 'noun', needs: 'verb' },
  { ending: 'iness', bases: ['y'], relation: 'noun', needs: 'adjective' },
  { ending: 'ness', bases: [''], relation: 'noun', needs: 'adjective' },
  { ending: 'osity', bases: ['ous'], relation: 'noun', needs: 'adjective' },
  { ending: 'ility', bases: ['le'], relation: 'noun', needs: 'adjective' },
  { ending: 'ity', bases: ['', 'e'], relation: 'noun', needs: 'adjective' },
  { ending: 'ily', bases: ['y'], relation: 'adverb', needs: 'adjective' },
  { ending: 'ally', bases: ['al', ''], relation: 'adverb', needs: 'adjective' },
  { ending: 'ly', bases: ['', 'le', 'e'], relation: 'adverb', needs: 'adjective' },
  { ending: 'iest', bases: ['y'], relation: 'superlative', needs: 'adjective' },
  { ending: 'ier', bases: ['y'], relation: 'comparative', needs: 'adjective' },
  { ending: 'est', bases: ['', 'e', UNDOUBLE], relation: 'superlative', needs: 'adjective' },
  { ending: 'er', bases: ['', 'e', UNDOUBLE], relation: 'comparative', needs: 'adjective' },
  { ending: 'ied', bases: ['y'], relation: 'past_forms', needs: 'verb' },
  { ending: 'ed', bases: ['', 'e', UNDOUBLE], relation: 'past_forms', needs: 'verb' },
  { ending: 'ying', bases: ['ie'], relation: 'present_participle', needs: 'verb' },
  { ending: 'ing', bases: ['', 'e', UNDOUBLE], relation: 'present_participle', needs: 'verb' },
  // -s is a plural of a noun or the third person of a verb: both guesses, the noun first.
  { ending: 'ies', bases: ['y'], relation: 'plural', needs: 'noun' },
  { ending: 'ies', bases: ['y'], relation: 'third_person', needs: 'verb' },
  { ending: 'es', bases: [''], relation: 'plural', needs: 'noun' },
  { ending: 'es', bases: [''], relation: 'third_person', needs: 'verb' },
  { ending: 's', bases: [''], relation: 'plural', needs: 'noun' },
  { ending: 's', bases: [''], relation: 'third_person', needs: 'verb' },
];

/** Shorter bases are mostly accidents of stripping (as → a, bed → b). */
const MIN_BASE = 3;

/**
 * The bases a lower-case word may be a form of, most likely first; one candidate per base and relation. The caller
 * keeps the first whose base is a dictionary entry of the class the rule needs.
 */
export function baseCandidates(word: string): BaseCandidate[] {
  const out: BaseCandidate[] = [];
  const seen = new Set<string>();
  for (const rule of SUFFIX_RULES) {
    if (!word.endsWith(rule.ending)) continue;
    const stem = word.slice(0, -rule.ending.length);
    for (const tail of rule.bases) {
      const base = tail === UNDOUBLE ? undoubled(stem) : stem + tail;
      if (!base || base.length < MIN_BASE || base === word) continue;
      const key = `${base}:${rule.relation}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ base, relation: rule.relation, needs: rule.needs });
    }
  }
  return out;
}

/** 'bigg' → 'big', 'stopp' → 'stop'; null when the stem does not end in a doubled consonant. */
function undoubled(stem: string): string | null {
  const last = stem.at(-1);
  return last && last === stem.at(-2) && !'aeiou'.includes(last) ? stem.slice(0, -1) : null;
}

const CLASS_OF_TAG: Record<string, WordClass> = {
  n: 'noun',
  pl: 'noun',
  v: 'verb',
  vt: 'verb',
  vi: 'verb',
  a: 'adjective',
  adj: 'adjective',
};

/**
 * The word classes of an entry's sense lines ('vt. 使适应' → verb). An entry whose lines mark none (a bare
 * cross-reference, a domain line) reads as undetermined: null, which any rule accepts.
 */
export function wordClasses(senseLines: readonly string[]): Set<WordClass> | null {
  const found = new Set<WordClass>();
  for (const line of senseLines) {
    const tag = /^([a-z]+)\./.exec(line.trim())?.[1];
    const cls = tag ? CLASS_OF_TAG[tag] : undefined;
    if (cls) found.add(cls);
  }
  return found.size > 0 ? found : null;
}

/** ECDICT exchange kind codes → the relation shown; 'dp' (both past and participle) and unnamed kinds have their own. */
export function relationOfExchange(kinds: string): WordRelation {
  if (kinds.length > 1 && /^[pd]+$/.test(kinds)) return 'past_forms';
  const byCode: Record<string, WordRelation> = {
    p: 'past',
    d: 'past_participle',
    i: 'present_participle',
    '3': 'third_person',
    r: 'comparative',
    t: 'superlative',
    s: 'plural',
  };
  return byCode[kinds.slice(0, 1)] ?? 'inflection';
}
