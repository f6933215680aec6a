import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_DIR, parseCsv } from '../content-import/index.js';

/** One row of the shipped GRE list as the bank-word index and the frequency bands read it. */
export interface GreListWord {
  word: string;
  /** ECDICT corpus frequency rank (smaller is commoner); null when the list gives none or 0. */
  frq: number | null;
  tags: string[];
}

/**
 * ECDICT tags of the vocabulary a Chinese student already has before the GRE (中考, 高考, CET-4): the same cut the
 * passages' word_connect makes, so a stem's 'down' or 'tissue' is not offered as a card.
 */
const BASIC_TAGS = new Set(['zk', 'gk', 'cet4']);

export function isBasicWord(w: Pick<GreListWord, 'tags'>): boolean {
  return w.tags.some((t) => BASIC_TAGS.has(t));
}

function rows(text: string): GreListWord[] {
  const { records } = parseCsv(text);
  const cols = records.shift()?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  const at = (r: string[], name: string) => (cols.includes(name) ? (r[cols.indexOf(name)] ?? '') : '');
  return records
    .filter((r) => r.fields.length === cols.length)
    .map(({ fields: r }) => {
      const frq = Number.parseInt(at(r, 'frq'), 10);
      return {
        word: at(r, 'word').trim(),
        frq: Number.isFinite(frq) && frq > 0 ? frq : null,
        tags: at(r, 'tags').split(/\s+/).filter(Boolean),
      };
    })
    .filter((w) => w.word !== '');
}

const loaded = new Map<string, Promise<GreListWord[]>>();

/** The GRE list of a content folder (content/words/gre-words.csv), read once per process; a failed read is retried. */
export function greList(dir: string = CONTENT_DIR): Promise<GreListWord[]> {
  let list = loaded.get(dir);
  if (!list) {
    list = readFile(join(dir, 'words/gre-words.csv'), 'utf8').then(rows);
    list.catch(() => loaded.delete(dir));
    loaded.set(dir, list);
  }
  return list;
}
