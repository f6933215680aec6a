import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WordLookup } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { CONTENT_DIR, parseCsv, parseExchange, senses, wordQuestionId } from '../content-import/index.js';

/** Exchange kinds that name another form of a headword (not '0' lemma / '1' lemma's kinds). */
const FORM_KINDS = new Set(['p', 'd', 'i', '3', 'r', 't', 's']);

/** One dictionary row kept as its raw fields (split only when looked up), which keeps the index small. */
interface RawEntry {
  word: string;
  phonetic: string;
  translation: string;
  definition: string;
  exchange: string;
  gre: boolean;
}

/** Rows of one ECDICT list as raw entries; rows of the wrong width are skipped (the import reports them). */
function rawEntries(text: string, gre: boolean): RawEntry[] {
  const { records } = parseCsv(text);
  const cols = records.shift()?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  const at = (r: string[], name: string) => (cols.includes(name) ? (r[cols.indexOf(name)] ?? '') : '');
  return records
    .filter((r) => r.fields.length === cols.length)
    .map(({ fields: r }) => ({
      word: at(r, 'word').trim(),
      phonetic: at(r, 'phonetic').trim(),
      translation: at(r, 'translation'),
      definition: at(r, 'definition'),
      exchange: at(r, 'exchange'),
      gre,
    }));
}

/**
 * Click-a-word look-ups from the two ECDICT lists, held in memory (≈ 37k entries, about 25 MB of heap): exact spelling,
 * then lower case, then inflected forms through `exchange` (went → go, mice → mouse).
 */
export class WordIndex {
  private readonly entries = new Map<string, RawEntry>();
  private readonly lower = new Map<string, string>();
  /** Inflected form (lower case) → 'kind:headword'. */
  private readonly forms = new Map<string, string>();

  constructor(lookupCsv: string, greCsv: string) {
    for (const e of rawEntries(lookupCsv, false)) this.add(e);
    // The GRE list adds English definitions and marks the word; its row wins over the look-up row.
    for (const e of rawEntries(greCsv, true)) this.add(e);
    for (const e of this.entries.values()) {
      for (const f of parseExchange(e.exchange)) {
        const key = f.word.toLowerCase();
        if (FORM_KINDS.has(f.kind) && !this.forms.has(key)) this.forms.set(key, `${f.kind}:${e.word}`);
      }
    }
  }

  private add(e: RawEntry): void {
    if (!e.word) return;
    this.entries.set(e.word, e);
    const key = e.word.toLowerCase();
    // 'polish' keeps its own lower-case entry; 'Polish' is found only when typed with the capital.
    if (!this.lower.has(key) || key === e.word) this.lower.set(key, e.word);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry for a word as it appears in text (punctuation, curly apostrophes and a possessive 's are ignored), or null. */
  lookup(raw: string): WordLookup | null {
    const query = raw.trim().replace(/[’‘]/g, "'");
    const word = query.replace(/^[^A-Za-z0-9]+/, '').replace(/[^A-Za-z0-9.']+$/, '');
    const bare = word.replace(/[.']+$/, '');
    // 'a.m.' keeps its dots; 'end.' and 'Darwin's' lose theirs.
    for (const candidate of new Set([word, bare, bare.replace(/'s$/i, '')])) {
      const found = this.resolve(candidate);
      if (found) return { query, ...found };
    }
    return null;
  }

  private resolve(word: string): Omit<WordLookup, 'query'> | null {
    if (!word) return null;
    const exact = this.entries.get(word) ?? this.entries.get(this.lower.get(word.toLowerCase()) ?? '');
    if (exact) {
      const exchange = parseExchange(exact.exchange);
      const lemma = exchange.find((f) => f.kind === '0')?.word;
      const kinds = exchange.find((f) => f.kind === '1')?.word ?? '';
      const head = lemma ? this.entries.get(lemma) : undefined;
      return head ? this.describe(head, kinds.slice(0, 1) || '0') : this.describe(exact, null);
    }
    const form = this.forms.get(word.toLowerCase());
    if (!form) return null;
    const colon = form.indexOf(':');
    const head = this.entries.get(form.slice(colon + 1));
    return head ? this.describe(head, form.slice(0, colon)) : null;
  }

  private describe(e: RawEntry, formOf: string | null): Omit<WordLookup, 'query'> {
    return {
      headword: e.word,
      form_of: formOf,
      phonetic: e.phonetic,
      translation: senses(e.translation),
      definition: senses(e.definition),
      forms: parseExchange(e.exchange).filter((f) => FORM_KINDS.has(f.kind)),
      gre: e.gre,
      question_id: e.gre ? wordQuestionId(e.word) : null,
    };
  }
}

const loaded = new Map<string, Promise<WordIndex>>();

/** The index of a content folder, built once per process on first use (the server warms it on start). */
export function wordIndex(dir: string = CONTENT_DIR): Promise<WordIndex> {
  let index = loaded.get(dir);
  if (!index) {
    index = Promise.all([
      readFile(join(dir, 'words/lookup-words.csv'), 'utf8'),
      readFile(join(dir, 'words/gre-words.csv'), 'utf8'),
    ]).then(([lookup, gre]) => new WordIndex(lookup, gre));
    // A failed read is retried on the next call instead of being cached forever.
    index.catch(() => loaded.delete(dir));
    loaded.set(dir, index);
  }
  return index;
}

/** `/api/word/lookup`: not_found when neither list knows the word or any form of it. */
export async function lookupWord(word: string, dir?: string): Promise<WordLookup> {
  const found = (await wordIndex(dir)).lookup(word);
  if (!found) throw new AppError('not_found', 'no dictionary entry for this word');
  return found;
}
