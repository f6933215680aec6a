import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  bookFileSchema,
  calibrationFileSchema,
  questionFileSchema,
  type ContentBook,
  type ContentPassage,
  type ContentQuestion,
} from '@gre/contracts';

export const BANK_DIR = new URL('../bank', import.meta.url).pathname;
export const BOOKS_DIR = new URL('../books', import.meta.url).pathname;
/** The live bank's decided difficulties (/operate 难度校准 → 导出校准结果), when an operator has brought them over. */
export const CALIBRATION_FILE = new URL('../calibration.json', import.meta.url).pathname;

/** Every .json file below a folder, in a stable order. */
export function jsonFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const full = join(d, f);
      if (statSync(full).isDirectory()) walk(full);
      else if (f.endsWith('.json')) files.push(full);
    }
  };
  walk(dir);
  return files;
}

export interface Loaded<T> {
  items: T;
  files: string[];
  /** Schema problems as `file: /path: message`; files with problems contribute nothing. */
  problems: string[];
}

/** The questions and passages of a bank folder, each file parsed by its schema. */
export function readBank(root = BANK_DIR): Loaded<{ questions: ContentQuestion[]; passages: ContentPassage[] }> {
  const files = jsonFiles(root);
  const out = { questions: [] as ContentQuestion[], passages: [] as ContentPassage[] };
  const problems: string[] = [];
  for (const f of files) {
    const parsed = questionFileSchema.safeParse(JSON.parse(readFileSync(f, 'utf8')));
    if (!parsed.success) {
      for (const i of parsed.error.issues.slice(0, 20))
        problems.push(`${relative(root, f)}: /${i.path.join('/')}: ${i.message}`);
      continue;
    }
    out.questions.push(...parsed.data.questions);
    out.passages.push(...parsed.data.passages);
  }
  return { items: out, files, problems };
}

/** The book templates of a books folder, each file parsed by its schema. */
export function readBooks(root = BOOKS_DIR): Loaded<ContentBook[]> {
  const files = jsonFiles(root);
  const books: ContentBook[] = [];
  const problems: string[] = [];
  for (const f of files) {
    const parsed = bookFileSchema.safeParse(JSON.parse(readFileSync(f, 'utf8')));
    if (!parsed.success) {
      for (const i of parsed.error.issues.slice(0, 20))
        problems.push(`${relative(root, f)}: /${i.path.join('/')}: ${i.message}`);
      continue;
    }
    books.push(...parsed.data.books);
  }
  return { items: books, files, problems };
}

/**
 * The questions with the difficulty learners' answers gave them (docs/calibration.md), where `content/calibration.json`
 * decides one; the author's label elsewhere. The mocks are placed and checked by these; the bank rules keep reading
 * the author's labels.
 */
export function withCalibration(questions: ContentQuestion[], file = CALIBRATION_FILE): ContentQuestion[] {
  if (!existsSync(file)) return questions;
  const data = calibrationFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const decided = new Map(data.items.map((i) => [i.question_id, i.data_difficulty]));
  return questions.map((q) => ({ ...q, difficulty: decided.get(q.id) ?? q.difficulty }));
}
