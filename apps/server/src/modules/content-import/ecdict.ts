import { createHash } from 'node:crypto';
import { parseCsv } from './csv.js';

/**
 * Reading the ECDICT word lists (content/words, MIT): `gre-words.csv` becomes word questions, `lookup-words.csv`
 * serves click-a-word look-ups. Senses inside a field are separated by the two characters `\n` (sometimes `\r\n`).
 */

/** Columns a GRE word list must have; the look-up list lacks `definition`. */
export const WORD_LIST_COLUMNS = ['word', 'phonetic', 'translation', 'definition'] as const;
export const LOOKUP_LIST_COLUMNS = ['word', 'phonetic', 'translation', 'exchange'] as const;

export interface EcdictEntry {
  /** File line the record starts on. */
  line: number;
  word: string;
  phonetic: string;
  translation: string[];
  definition: string[];
  tags: string[];
  /** Corpus frequency rank (lower is commoner); null when ECDICT has none. */
  frq: number | null;
  exchange: ExchangeForm[];
}

/** One ECDICT exchange item: p past, d past participle, i -ing, 3 third person, r comparative, t superlative, s plural, 0 lemma, 1 lemma's form kinds. */
export interface ExchangeForm {
  kind: string;
  word: string;
}

export interface EcdictList {
  entries: EcdictEntry[];
  problems: { line: number; message: string }[];
  /** Which of the two lists the header says this is; null when it is neither. */
  format: 'words' | 'lookup' | null;
}

/** Splits a field on ECDICT's literal `\n` separators. */
export function senses(field: string): string[] {
  return field
    .split(/(?:\\r)?\\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export function parseExchange(field: string): ExchangeForm[] {
  if (!field.trim()) return [];
  return field
    .split('/')
    .map((part) => {
      const at = part.indexOf(':');
      return { kind: part.slice(0, at).trim(), word: part.slice(at + 1).trim() };
    })
    .filter((f) => f.kind && f.word);
}

/** Reads either list; `format` comes from the header so a package can carry both and only the GRE list is imported. */
export function parseEcdict(text: string): EcdictList {
  const { records, problems } = parseCsv(text);
  const header = records.shift();
  const cols = header?.fields.map((h) => h.trim().toLowerCase()) ?? [];
  const has = (names: readonly string[]) => names.every((n) => cols.includes(n));
  const format = has(WORD_LIST_COLUMNS) ? 'words' : has(LOOKUP_LIST_COLUMNS) ? 'lookup' : null;
  if (!format)
    return {
      entries: [],
      problems: [...problems, { line: 1, message: `header must name the columns ${WORD_LIST_COLUMNS.join(', ')}` }],
      format,
    };
  const at = (name: string) => cols.indexOf(name);
  const field = (r: string[], name: string) => (at(name) >= 0 ? (r[at(name)] ?? '') : '');
  const entries: EcdictEntry[] = [];
  for (const r of records) {
    if (r.fields.length !== cols.length) {
      problems.push({ line: r.line, message: `has ${r.fields.length} fields, the header has ${cols.length}` });
      continue;
    }
    const frq = Number.parseInt(field(r.fields, 'frq'), 10);
    entries.push({
      line: r.line,
      word: field(r.fields, 'word').trim(),
      phonetic: field(r.fields, 'phonetic').trim(),
      translation: senses(field(r.fields, 'translation')),
      definition: senses(field(r.fields, 'definition')),
      tags: field(r.fields, 'tags').split(/\s+/).filter(Boolean),
      frq: Number.isFinite(frq) && frq > 0 ? frq : null,
      exchange: parseExchange(field(r.fields, 'exchange')),
    });
  }
  return { entries, problems, format };
}

/**
 * The stable id of a word question: 'w-' + the lower-case word with other characters as '-'. Where that loses
 * information (capitals, spaces, punctuation) a short hash of the exact spelling keeps 'Polish' apart from 'polish'.
 */
export function wordQuestionId(word: string): string {
  const slug = word
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  if (slug === word && slug) return `w-${slug}`;
  const hash = createHash('sha1').update(word).digest('hex').slice(0, 6);
  return `w-${slug ? `${slug}-` : ''}${hash}`;
}
