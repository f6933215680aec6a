import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DictionaryEntry, WordLookup, WordRelation } from '@gre/contracts';
import { CONTENT_DIR, parseCsv, parseExchange, senses, wordQuestionId } from '../content-import/index.js';
import { baseCandidates, relationOfExchange, wordClasses } from './word-forms.js';

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

/** A sense line that only points at another spelling ('v. <主英>=acclimatize'): a base worth less than one with senses. */
function isCrossReference(lines: readonly string[]): boolean {
  return lines.length > 0 && lines.every((l) => /^(?:[a-z]+\.\s*)?(?:<[^>]*>\s*)?=\s*[A-Za-z]/.test(l));
}

/** How much an entry matters for the GRE: a GRE sense of its own, then a place on the GRE list. */
function greWeight(e: DictionaryEntry): number {
  return (e.gre_senses.length > 0 ? 2 : 0) + (e.gre ? 1 : 0);
}

/**
 * Click-a-word look-ups from the two ECDICT lists, held in memory (≈ 37k entries, about 25 MB of heap): exact spelling,
 * then lower case, then inflected forms through `exchange` (went → go, mice → mouse), then suffix rules
 * (`word-forms.ts`: acclimatization → acclimate), then the parts of a hyphenated compound (reef-building). Every step
 * is a map read, so a look-up costs microseconds whichever step answers.
 */
export class WordIndex {
  private readonly entries = new Map<string, RawEntry>();
  private readonly lower = new Map<string, string>();
  /** Inflected form (lower case) → 'kind:headword'. */
  private readonly forms = new Map<string, string>();
  /** Headword → the GRE senses of content/words/gre-senses.csv. */
  private readonly greSenses = new Map<string, string[]>();

  constructor(lookupCsv: string, greCsv: string, greSensesCsv = '') {
    for (const e of rawEntries(lookupCsv, false)) this.add(e);
    // The GRE list adds English definitions and marks the word; its row wins over the look-up row.
    for (const e of rawEntries(greCsv, true)) this.add(e);
    for (const e of this.entries.values()) {
      for (const f of parseExchange(e.exchange)) {
        const key = f.word.toLowerCase();
        if (FORM_KINDS.has(f.kind) && !this.forms.has(key)) this.forms.set(key, `${f.kind}:${e.word}`);
      }
    }
    if (greSensesCsv)
      for (const e of rawEntries(greSensesCsv, true)) if (e.word) this.greSenses.set(e.word, senses(e.translation));
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

  /**
   * The entries for a word as it appears in text (punctuation, curly apostrophes and a possessive 's are ignored);
   * `found: false` when neither list knows it, a form of it or a part of it.
   */
  lookup(raw: string): WordLookup {
    const query = raw.trim().replace(/[’‘]/g, "'");
    const word = query.replace(/^[^A-Za-z0-9]+/, '').replace(/[^A-Za-z0-9.']+$/, '');
    const bare = word.replace(/[.']+$/, '');
    const stem = bare.replace(/'s$/i, '');
    // 'a.m.' keeps its dots; 'end.' and 'Darwin's' lose theirs.
    for (const candidate of new Set([word, bare, stem])) {
      const entries = this.entriesFor(candidate);
      if (entries.length > 0) return { query, found: true, parts: [], entries };
    }
    // A compound the lists lack whole is read by its parts; a part neither list knows is named but has no entry.
    const parts = stem.split(/[-‐‑–—]+/).filter(Boolean);
    if (parts.length > 1) {
      const seen = new Set<string>();
      const entries = parts
        .flatMap((p) => this.entriesFor(p))
        .filter((e) => !seen.has(`${e.word}:${e.headword}`) && seen.add(`${e.word}:${e.headword}`));
      if (entries.length > 0) return { query, found: true, parts, entries };
    }
    return { query, found: false, parts: [], entries: [] };
  }

  /** The headword a word is filed under in a word book: the first entry's, or null for unknown words and compounds read by parts. */
  headwordOf(raw: string): string | null {
    const found = this.lookup(raw);
    return found.parts.length === 0 ? (found.entries[0]?.headword ?? null) : null;
  }

  private find(word: string): RawEntry | undefined {
    return this.entries.get(word) ?? this.entries.get(this.lower.get(word.toLowerCase()) ?? '');
  }

  private entriesFor(word: string): DictionaryEntry[] {
    if (!word) return [];
    const exact = this.find(word);
    if (exact) return this.withLemma(exact, word);
    const form = this.forms.get(word.toLowerCase());
    if (form) {
      const colon = form.indexOf(':');
      const head = this.entries.get(form.slice(colon + 1));
      if (head) return [this.entry(head, word, relationOfExchange(form.slice(0, colon)))];
    }
    return this.byRule(word);
  }

  /**
   * A row that is itself a form of another (found → find): the lemma's entry, and the row's own senses besides where
   * it has any beyond 'find的过去式'. The row comes first when it weighs more for the GRE than the lemma: a GRE word
   * beside a lemma that is not (studied, bore), a GRE sense of its own beside a lemma without one (bent, not bend).
   */
  private withLemma(exact: RawEntry, word: string): DictionaryEntry[] {
    const exchange = parseExchange(exact.exchange);
    const lemmaWord = exchange.find((f) => f.kind === '0')?.word;
    const lemma = lemmaWord && lemmaWord !== exact.word ? this.entries.get(lemmaWord) : undefined;
    if (!lemma) return [this.entry(exact, word, null)];
    const kinds = exchange.find((f) => f.kind === '1')?.word ?? '';
    const base = this.entry(lemma, word, relationOfExchange(kinds));
    const ownLines = senses(exact.translation).filter((s) => !s.includes(`${lemma.word}的`));
    if (ownLines.length === 0) return [base];
    const own = { ...this.entry(exact, word, null), translation: ownLines };
    return greWeight(own) > greWeight(base) ? [own, base] : [base, own];
  }

  /** The first suffix-rule base that is an entry of the class the rule needs, preferring one with senses of its own. */
  private byRule(word: string): DictionaryEntry[] {
    let fallback: DictionaryEntry | undefined;
    for (const c of baseCandidates(word.toLowerCase())) {
      const e = this.find(c.base);
      if (!e) continue;
      const lines = senses(e.translation);
      if (!(wordClasses(lines)?.has(c.needs) ?? true)) continue;
      const entry = this.entry(e, word, c.relation);
      if (!isCrossReference(lines)) return [entry];
      fallback ??= entry;
    }
    return fallback ? [fallback] : [];
  }

  private entry(e: RawEntry, word: string, relation: WordRelation | null): DictionaryEntry {
    return {
      word,
      headword: e.word,
      relation,
      phonetic: e.phonetic,
      gre_senses: this.greSenses.get(e.word) ?? [],
      translation: senses(e.translation),
      definition: senses(e.definition),
      forms: parseExchange(e.exchange).filter((f) => FORM_KINDS.has(f.kind)),
      gre: e.gre,
      question_id: e.gre ? wordQuestionId(e.word) : null,
    };
  }
}

const loaded = new Map<string, Promise<WordIndex>>();

/** The GRE senses are an optional overlay: a content folder without them still looks words up. */
async function readOptional(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw err;
  }
}

/** The index of a content folder, built once per process on first use (the server warms it on start). */
export function wordIndex(dir: string = CONTENT_DIR): Promise<WordIndex> {
  let index = loaded.get(dir);
  if (!index) {
    index = Promise.all([
      readFile(join(dir, 'words/lookup-words.csv'), 'utf8'),
      readFile(join(dir, 'words/gre-words.csv'), 'utf8'),
      readOptional(join(dir, 'words/gre-senses.csv')),
    ]).then(([lookup, gre, greSenses]) => new WordIndex(lookup, gre, greSenses));
    // A failed read is retried on the next call instead of being cached forever.
    index.catch(() => loaded.delete(dir));
    loaded.set(dir, index);
  }
  return index;
}
