/**
 * The vocabulary the judge measures lexical sophistication against: the shipped GRE list (content/words, ECDICT rows)
 * less the words a Chinese student has before the GRE (isBasicWord: 中考, 高考, CET-4), found through the click-a-word
 * index so an inflected form counts as its headword (mitigated → mitigate).
 */
import { greList, isBasicWord, wordIndex } from '../../questions/index.js';

export interface WordList {
  /** The dictionary headword of a word as written (cars → car), or null when the lists do not know it. */
  headwordOf(word: string): string | null;
  /** Is a headword an advanced GRE word: on the GRE list and not basic vocabulary? */
  isAdvanced(headword: string): boolean;
}

/** A word list from plain data, for tests and callers that hold the words themselves. */
export function wordListOf(advanced: Iterable<string>, headwordOf: (word: string) => string | null = () => null) {
  const set = new Set([...advanced].map((w) => w.toLowerCase()));
  return {
    headwordOf,
    isAdvanced: (headword: string) => set.has(headword.toLowerCase()),
  } satisfies WordList;
}

const loaded = new Map<string, Promise<WordList>>();

/** The GRE word list of a content folder, built once per process from the lists the questions module already holds. */
export function greWordList(dir?: string): Promise<WordList> {
  const key = dir ?? '';
  let list = loaded.get(key);
  if (!list) {
    list = Promise.all([wordIndex(dir), greList(dir)]).then(([index, words]) =>
      wordListOf(
        words.filter((w) => !isBasicWord(w)).map((w) => w.word),
        (word) => index.headwordOf(word),
      ),
    );
    list.catch(() => loaded.delete(key));
    loaded.set(key, list);
  }
  return list;
}
