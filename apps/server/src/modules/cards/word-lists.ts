import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GRE_BANDS } from '@gre/contracts';
import { CONTENT_DIR, parseCsv } from '../content-import/index.js';
import { greList, type GreListWord } from '../questions/index.js';

/** A word a card can be made of: a lower-case headword (hyphens allowed), as decks store it. */
export const CARD_WORD = /^[a-z][a-z-]*$/;

/**
 * The GRE list in GRE_BANDS bands of equal size (the last takes the remainder) by the `frq` rank: band 1 holds the
 * words met most often in running text. Words without a rank come last, in list order. Only lower-case headwords
 * are banded, since only they can be cards.
 */
export class GreBands {
  private readonly bandOf = new Map<string, number>();
  readonly bands: string[][];

  constructor(list: readonly GreListWord[]) {
    const words = list
      .filter((w) => CARD_WORD.test(w.word))
      .map((w, i) => ({ ...w, i }))
      .sort((a, b) => (a.frq ?? Infinity) - (b.frq ?? Infinity) || a.i - b.i);
    const size = Math.ceil(words.length / GRE_BANDS);
    this.bands = Array.from({ length: GRE_BANDS }, (_, b) => words.slice(b * size, (b + 1) * size).map((w) => w.word));
    this.bands.forEach((ws, b) => ws.forEach((w) => this.bandOf.set(w, b + 1)));
  }

  /** The band (1–GRE_BANDS) of a headword on the GRE list, or null for any other word. */
  band(word: string): number | null {
    return this.bandOf.get(word) ?? null;
  }

  /** The words of a band, most frequent first; [] for a band outside 1–GRE_BANDS. */
  words(band: number): readonly string[] {
    return this.bands[band - 1] ?? [];
  }
}

const bandsByDir = new Map<string, Promise<GreBands>>();

/** The GRE bands of a content folder, computed once per process. */
export function greBands(dir: string = CONTENT_DIR): Promise<GreBands> {
  let bands = bandsByDir.get(dir);
  if (!bands) {
    bands = greList(dir).then((list) => new GreBands(list));
    bands.catch(() => bandsByDir.delete(dir));
    bandsByDir.set(dir, bands);
  }
  return bands;
}

/** One GRE quant term of content/words/math-words.csv with our Chinese meaning. */
export interface MathWord {
  word: string;
  meaning: string;
}

const mathByDir = new Map<string, Promise<MathWord[]>>();

/** The math words of a content folder, in file order, read once per process. */
export function mathWords(dir: string = CONTENT_DIR): Promise<MathWord[]> {
  let list = mathByDir.get(dir);
  if (!list) {
    list = readFile(join(dir, 'words/math-words.csv'), 'utf8').then((text) => {
      const { records } = parseCsv(text);
      const cols = records.shift()?.fields.map((h) => h.trim().toLowerCase()) ?? [];
      const word = cols.indexOf('word');
      const meaning = cols.indexOf('translation');
      return records
        .map((r) => ({ word: (r.fields[word] ?? '').trim(), meaning: (r.fields[meaning] ?? '').trim() }))
        .filter((w) => CARD_WORD.test(w.word) && w.meaning !== '');
    });
    list.catch(() => mathByDir.delete(dir));
    mathByDir.set(dir, list);
  }
  return list;
}
