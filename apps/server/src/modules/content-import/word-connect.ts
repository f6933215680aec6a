import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { WordConnect } from '@gre/contracts';
import { parseEcdict, wordQuestionId, type EcdictEntry } from './ecdict.js';

/** The shipped GRE list (seed.ts's CONTENT_DIR, spelled out here because seed.ts imports the importer). */
export const SHIPPED_GRE_LIST = fileURLToPath(new URL('../../../../../content/words/gre-words.csv', import.meta.url));

/** Exchange kinds that name an inflected form: past, past participle, -ing, third person, comparative, superlative, plural. */
const FORM_KINDS = new Set(['p', 'd', 'i', '3', 'r', 't', 's']);

/** Which GRE headword a word of running text is a form of. */
export interface GreForms {
  /** Lower-case headword or form → headword, for headwords written in lower case. */
  lower: Map<string, string>;
  /** Exact spelling → headword, for capitalised headwords ('Polish' is not 'polish'). */
  exact: Map<string, string>;
}

/**
 * ECDICT tags of the vocabulary a Chinese student already has before the GRE (中考, 高考, CET-4): such list words
 * ('down', 'fast', 'tissue') are not what a reader should be pointed at.
 */
const BASIC_TAGS = new Set(['zk', 'gk', 'cet4']);

/**
 * The forms of GRE list entries worth pointing at: each single-word headword beyond basic vocabulary (BASIC_TAGS) and
 * its inflected forms through `exchange`. A headword wins over another word's form of the same spelling; between
 * forms, the first entry does.
 */
export function greForms(entries: (Pick<EcdictEntry, 'word' | 'exchange'> & { tags?: readonly string[] })[]): GreForms {
  const forms: GreForms = { lower: new Map(), exact: new Map() };
  const words = entries.filter((e) => /^[A-Za-z]+$/.test(e.word) && !(e.tags ?? []).some((t) => BASIC_TAGS.has(t)));
  const put = (spelling: string, head: string) => {
    const lower = head === head.toLowerCase();
    const map = lower ? forms.lower : forms.exact;
    const key = lower ? spelling.toLowerCase() : spelling;
    if (!map.has(key)) map.set(key, head);
  };
  for (const e of words) put(e.word, e.word);
  for (const e of words)
    for (const f of e.exchange) if (FORM_KINDS.has(f.kind) && /^[A-Za-z]+$/.test(f.word)) put(f.word, e.word);
  return forms;
}

/** The headword each word of a text is a form of, in order, with the word as written. */
function occurrences(text: string, forms: GreForms): { head: string; token: string }[] {
  const out: { head: string; token: string }[] = [];
  for (const [token] of text.matchAll(/[A-Za-z]+/g)) {
    const head = forms.exact.get(token) ?? forms.lower.get(token.toLowerCase());
    if (head) out.push({ head, token });
  }
  return out;
}

/** The word question ids a text could connect to: what to ask the bank about before connecting. */
export function candidateWordIds(text: string, forms: GreForms): string[] {
  return [...new Set(occurrences(text, forms).map((o) => wordQuestionId(o.head)))];
}

/**
 * A passage's `word_connect`: the GRE words of its text whose word question exists (`known`), each once in order of
 * first appearance with the distinct lower-case forms the text uses.
 */
export function connectWords(text: string, forms: GreForms, known: (id: string) => boolean): WordConnect[] {
  const byId = new Map<string, WordConnect>();
  for (const { head, token } of occurrences(text, forms)) {
    const id = wordQuestionId(head);
    if (!known(id)) continue;
    let entry = byId.get(id);
    if (!entry) byId.set(id, (entry = { id, headword: head, forms: [] }));
    const form = token.toLowerCase();
    if (!entry.forms.includes(form)) entry.forms.push(form);
  }
  return [...byId.values()];
}

let shipped: Promise<EcdictEntry[]> | null = null;

/** The shipped GRE list's entries, read once per process; a failed read is retried next time. */
export function shippedGreEntries(): Promise<EcdictEntry[]> {
  shipped ??= readFile(SHIPPED_GRE_LIST, 'utf8').then((text) => parseEcdict(text).entries);
  shipped.catch(() => (shipped = null));
  return shipped;
}
