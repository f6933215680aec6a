/**
 * Synonyms and antonyms from the bank. A verbal question's explanation lists the words that mean what its answer
 * means (`analysis.synonyms`) and words of the opposite sense (`analysis.antonyms`), each as 'word 中文'; a sentence
 * equivalence question's two right answers mean the same. So each question gives two opposite groups: a word of one
 * group has the rest of its group as synonyms and the other group as antonyms. These lists name a question's answer,
 * so the caller passes only questions whose answers the learner may already see.
 */

/** Most synonyms, and most antonyms, given for one word. */
export const RELATIONS_MAX = 20;

/** What one question says about words: the answer's sense group and the opposite group. */
export interface RelationSource {
  same: string[];
  opposite: string[];
}

/** What a relation source is read from: the question's kind, explanation lists and, for sentence equivalence, its answers. */
export interface RelationQuestion {
  kind: string;
  synonyms: unknown;
  antonyms: unknown;
  inputMethod: unknown;
  standardAnswer: unknown;
}

/** The English word or phrase of a list line ('mean-spirited 刻薄的' → mean-spirited); null when it has none. */
export function englishPart(line: string): string | null {
  const m = /^[A-Za-z][A-Za-z'’ .-]*/.exec(line.trim());
  const word = m?.[0].replace(/[\s.'’-]+$/, '').replace(/\s+/g, ' ') ?? '';
  return word === '' ? null : word;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The option texts of a sentence-equivalence question's right answers (`multi_selects` keys of its one group). */
function equivalentAnswers(q: RelationQuestion): string[] {
  if (q.kind !== 'se') return [];
  const keys = new Set(strings((q.standardAnswer as { multi_selects?: unknown } | null)?.multi_selects));
  const groups = (q.inputMethod as { option_groups?: unknown } | null)?.option_groups;
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((g: unknown) => {
    const options = (g as { options?: unknown } | null)?.options;
    if (!Array.isArray(options)) return [];
    return options.flatMap((o: unknown) => {
      const { key, text } = (o ?? {}) as { key?: unknown; text?: unknown };
      return typeof key === 'string' && typeof text === 'string' && keys.has(key) ? [text] : [];
    });
  });
}

export function relationSourceOf(q: RelationQuestion): RelationSource {
  const words = (lines: string[]) => lines.flatMap((l) => englishPart(l) ?? []);
  return {
    same: words([...strings(q.synonyms), ...equivalentAnswers(q)]),
    opposite: words(strings(q.antonyms)),
  };
}

interface Keyed {
  text: string;
  key: string;
}

/**
 * Relations of many words over the same sources, each source read once. `keyOf` files a word the way word books do
 * (its headword), so 'animated' in a list reaches the book's 'animate' if that is where the look-up files it.
 */
export class RelationIndex {
  private readonly groups: { same: Keyed[]; opposite: Keyed[] }[];
  private readonly byKey = new Map<string, { group: number; side: 'same' | 'opposite' }[]>();

  constructor(sources: readonly RelationSource[], keyOf: (word: string) => string) {
    const keyed = (words: string[]) => words.map((text) => ({ text, key: keyOf(text) }));
    this.groups = sources.map((s) => ({ same: keyed(s.same), opposite: keyed(s.opposite) }));
    this.groups.forEach((g, group) => {
      for (const side of ['same', 'opposite'] as const) {
        for (const { key } of g[side]) {
          const at = this.byKey.get(key) ?? [];
          at.push({ group, side });
          this.byKey.set(key, at);
        }
      }
    });
  }

  /** The word's synonyms and antonyms, first met first, without the word itself or repeats; a synonym is never also an antonym. */
  of(key: string): { synonyms: string[]; antonyms: string[] } {
    const synonyms = new Map<string, string>();
    const antonyms = new Map<string, string>();
    for (const { group, side } of this.byKey.get(key) ?? []) {
      const g = this.groups[group]!;
      const [mine, other] = side === 'same' ? [g.same, g.opposite] : [g.opposite, g.same];
      for (const w of mine) if (w.key !== key && !synonyms.has(w.key)) synonyms.set(w.key, w.text);
      for (const w of other) if (w.key !== key && !antonyms.has(w.key)) antonyms.set(w.key, w.text);
    }
    for (const k of synonyms.keys()) antonyms.delete(k);
    return {
      synonyms: [...synonyms.values()].slice(0, RELATIONS_MAX),
      antonyms: [...antonyms.values()].slice(0, RELATIONS_MAX),
    };
  }
}
