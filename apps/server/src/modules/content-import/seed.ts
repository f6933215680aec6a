import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_TOOLING_FILES, type ContentFile, type ImportResult } from '@gre/contracts';
import type { Deps } from '../../lib/deps.js';
import { countQuestions } from './content.repository.js';
import { importPackage } from './content-import.service.js';
import { checkPackage } from './validate.js';

/** The repository's content/ folder: the shipped bank, books and word lists. */
export const CONTENT_DIR = fileURLToPath(new URL('../../../../../content/', import.meta.url));

const NOT_CONTENT = new Set(CONTENT_TOOLING_FILES);

/**
 * The package a path names: one file, or every .json and .csv below a folder (skipping node_modules and tooling
 * files), named relative to that folder so problems read 'bank/verbal/tc1.json'.
 */
export function readPackageFrom(path: string): ContentFile[] {
  const root = resolve(path);
  if (!statSync(root).isDirectory()) return [{ name: basename(root), text: readFileSync(root, 'utf8') }];
  const files: ContentFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(full);
      } else if (/\.(json|csv)$/i.test(entry.name) && !NOT_CONTENT.has(entry.name)) {
        files.push({ name: relative(root, full).split('\\').join('/'), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(root);
  return files;
}

/**
 * Imports the shipped content (bank, books, GRE words) into an empty bank, once, on start. The lead's main.ts calls
 * it; an instance that finds questions already there does nothing. Broken shipped content stops the start with
 * every problem listed, since serving a half bank would be worse.
 */
export async function seedContent(
  deps: Pick<Deps, 'database'>,
  dir: string = CONTENT_DIR,
): Promise<ImportResult | null> {
  const { db } = deps.database;
  if ((await countQuestions(db)) > 0) return null;
  const files = readPackageFrom(dir);
  const checked = await checkPackage(db, files);
  if (checked.problems.length > 0) {
    const lines = checked.problems.map((p) => `  ${p.file} ${p.path}: ${p.message}`);
    throw new Error(`the shipped content in ${dir} has ${lines.length} problem(s):\n${lines.join('\n')}`);
  }
  // Another instance may have seeded meanwhile; importing again only updates the same rows in place.
  return importPackage(db, files);
}
