import { GRE_BANDS } from '@gre/contracts';
import { greList, type GreListWord } from '../questions/index.js';

/** A word that can be a card, and so is banded: a lower-case headword (hyphens allowed). */
const BANDED_WORD = /^[a-z][a-z-]*$/;

/** The GRE list cut into bands: each word's band, and how many words each band holds. */
export interface GreBands {
  bandOf(word: string): number | null;
  /** Index b holds the size of band b + 1. */
  sizes: number[];
}

/**
 * GRE_BANDS bands of ceil(n / GRE_BANDS) words by the `frq` rank (the last band takes the remainder): band 1 holds
 * the words met most often in running text; words without a rank come last, in list order. Only lower-case headwords
 * are banded, since only they can be cards — the same cut a gre_band deck draws from, so /word's figures and the
 * deck of a band agree. A word listed twice keeps its first row.
 */
export function cutBands(list: readonly Pick<GreListWord, 'word' | 'frq'>[]): GreBands {
  const seen = new Set<string>();
  const words = list
    .map((w, i) => ({ ...w, i }))
    .filter((w) => BANDED_WORD.test(w.word) && !seen.has(w.word) && seen.add(w.word))
    .sort((a, b) => (a.frq ?? Infinity) - (b.frq ?? Infinity) || a.i - b.i);
  const size = Math.ceil(words.length / GRE_BANDS);
  const band = new Map(words.map((w, i) => [w.word, Math.floor(i / size) + 1] as const));
  const sizes = Array.from({ length: GRE_BANDS }, (_, b) => Math.max(0, Math.min(size, words.length - b * size)));
  return { bandOf: (word) => band.get(word) ?? null, sizes };
}

const loaded = new Map<string, Promise<GreBands>>();

/** The bands of a content folder's GRE list, cut once per process; a failed read is tried again on the next call. */
export function greBands(dir?: string): Promise<GreBands> {
  const key = dir ?? '';
  let bands = loaded.get(key);
  if (!bands) {
    bands = greList(dir).then(cutBands);
    bands.catch(() => loaded.delete(key));
    loaded.set(key, bands);
  }
  return bands;
}
