import {
  bookTemplateSchema,
  passageSchema,
  questionSchema,
  type ContentBook,
  type ContentFile,
  type ContentPassage,
  type ContentProblem,
  type ContentQuestion,
} from '@gre/contracts';
import { badString } from '../../plugins/body-guard.js';
import { parseEcdict, type EcdictEntry } from './ecdict.js';

/** Where an item came from, so every later problem can name its file and JSON path. */
export interface Located<T> {
  item: T;
  file: string;
  path: string;
  /** Place among the items of its kind in its file (book positions default to it). */
  index: number;
}

/** A package read file by file: what parsed, what did not, and what was skipped on purpose. */
export interface ReadPackage {
  passages: Located<ContentPassage>[];
  questions: Located<ContentQuestion>[];
  words: Located<EcdictEntry>[];
  books: Located<ContentBook>[];
  problems: ContentProblem[];
  skipped: { file: string; reason: string }[];
  /** Ids of items that failed their schema: already reported, so references to them are not reported again. */
  invalidIds: Set<string>;
}

/** A zod issue path as a JSON pointer. */
export function pointer(path: readonly PropertyKey[]): string {
  return `/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

/** No content file nests deeper than ~8 levels; a deeper one is refused before the schema walks it. */
const MAX_DEPTH = 32;

/**
 * Every string (and key) PostgreSQL could not store or no author meant to type, with its path; iterative, because
 * a hostile file may nest thousands of levels.
 */
function badStrings(root: unknown): { path: string; why: string }[] {
  const out: { path: string; why: string }[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const why = badString(value);
      if (why) out.push({ path: path || '/', why });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) {
      out.push({ path: path || '/', why: `nesting deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries) {
      const why = badString(k);
      if (why) out.push({ path: `${path}/${k.slice(0, 40)}`, why: `a key with ${why}` });
      stack.push({ value: v, path: `${path}/${k}`, depth: depth + 1 });
    }
  }
  return out.reverse();
}

/** Item arrays a file may hold, with the schema of one item and the most a file may list (as in the contracts). */
const ARRAYS = {
  passages: { schema: passageSchema, max: 200 },
  questions: { schema: questionSchema, max: 2000 },
  books: { schema: bookTemplateSchema, max: 500 },
} as const;
type ArrayKey = keyof typeof ARRAYS;

/**
 * Validates item by item rather than the whole file at once, so one broken question does not hide the problems of
 * the others (their answers, passages, book references) behind it.
 */
function readItems(f: ContentFile, data: Record<string, unknown>, keys: ArrayKey[], out: ReadPackage): void {
  for (const key of Object.keys(data)) {
    if (!(keys as string[]).includes(key))
      out.problems.push({
        file: f.name,
        path: pointer([key]),
        message: `unknown field; a ${keys.includes('books') ? 'books' : 'questions'} file holds ${keys.join(' and ')}`,
      });
  }
  for (const key of keys) {
    const list = data[key];
    if (list === undefined && key === 'passages') continue;
    if (!Array.isArray(list)) {
      out.problems.push({ file: f.name, path: pointer([key]), message: 'must be an array' });
      continue;
    }
    const { schema, max } = ARRAYS[key];
    if (list.length > max)
      out.problems.push({ file: f.name, path: pointer([key]), message: `at most ${max} per file` });
    if (key === 'books' && list.length === 0)
      out.problems.push({ file: f.name, path: pointer([key]), message: 'lists no book' });
    list.forEach((raw: unknown, index) => {
      const path = pointer([key, index]);
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        out.problems.push(
          ...parsed.error.issues.map((i) => ({
            file: f.name,
            path: pointer([key, index, ...i.path]),
            message: i.message,
          })),
        );
        const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
        if (typeof id === 'string') out.invalidIds.add(id);
        return;
      }
      const located = { file: f.name, path, index };
      if (key === 'passages') out.passages.push({ ...located, item: parsed.data as ContentPassage });
      else if (key === 'questions') out.questions.push({ ...located, item: parsed.data as ContentQuestion });
      else out.books.push({ ...located, item: parsed.data as ContentBook });
    });
  }
}

function readJson(f: ContentFile, out: ReadPackage): void {
  let data: unknown;
  try {
    data = JSON.parse(f.text);
  } catch (e) {
    out.problems.push({ file: f.name, path: '/', message: `not valid JSON: ${(e as Error).message}` });
    return;
  }
  const bad = badStrings(data);
  if (bad.length) {
    out.problems.push(...bad.map((b) => ({ file: f.name, path: b.path, message: `contains ${b.why}` })));
    return;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data) || !('books' in data || 'questions' in data)) {
    out.problems.push({
      file: f.name,
      path: '/',
      message: 'expected an object with "questions" (and "passages") or with "books"',
    });
    return;
  }
  readItems(f, data, 'books' in data ? ['books'] : ['passages', 'questions'], out);
}

function readCsv(f: ContentFile, out: ReadPackage): void {
  const list = parseEcdict(f.text);
  out.problems.push(...list.problems.map((p) => ({ file: f.name, path: `row ${p.line}`, message: p.message })));
  if (list.format === 'lookup') {
    out.skipped.push({
      file: f.name,
      reason: 'look-up word list: read by /api/word/lookup at start, not imported as questions',
    });
    return;
  }
  for (const [index, entry] of list.entries.entries()) {
    const where = { file: f.name, path: `row ${entry.line}` };
    const fields = [entry.word, entry.phonetic, ...entry.translation, ...entry.definition];
    const why = fields.map(badString).find(Boolean);
    if (why) out.problems.push({ ...where, message: `contains ${why}` });
    else if (!entry.word) out.problems.push({ ...where, message: 'word is empty' });
    else if (entry.word.length > 64) out.problems.push({ ...where, message: 'word is longer than 64 characters' });
    else if (entry.translation.length === 0)
      out.problems.push({ ...where, message: `'${entry.word}' has no Chinese translation` });
    else out.words.push({ item: entry, ...where, index });
  }
}

/** Reads every file of a package; JSON by shape (questions/passages or books), CSV as an ECDICT word list. */
export function readPackage(files: ContentFile[]): ReadPackage {
  const out: ReadPackage = {
    passages: [],
    questions: [],
    words: [],
    books: [],
    problems: [],
    skipped: [],
    invalidIds: new Set(),
  };
  const names = new Set<string>();
  for (const f of files) {
    if (names.has(f.name))
      out.problems.push({ file: f.name, path: '/', message: 'the package holds two files with this name' });
    names.add(f.name);
    const ext = f.name.toLowerCase().split('.').pop();
    // The media manifest sits in content/ too; the media seed (modules/media) reads it at every start.
    if (f.name.split('/').pop() === 'media.json')
      out.skipped.push({ file: f.name, reason: 'media manifest: read by the media seed at start, not imported here' });
    else if (ext === 'json') readJson(f, out);
    else if (ext === 'csv') readCsv(f, out);
    else
      out.problems.push({
        file: f.name,
        path: '/',
        message: 'only .json (questions, passages, books) and .csv (word list) files can be imported',
      });
  }
  return out;
}
