import { existsSync } from 'node:fs';
import { openDatabase } from '@gre/db';
import { loadEnv } from '../../env.js';
import { AppError } from '../../lib/app-error.js';
import { importPackage, packageBytes } from './content-import.service.js';
import { readPackageFrom } from './seed.js';
import { checkPackage } from './validate.js';

/**
 * `npm run content:import -- <file|dir> [--dry-run]`: validates the package, prints every problem and exits 1 on any;
 * otherwise imports it in one transaction. Uses DATABASE_URL, or the embedded database under DATA_DIR like the server.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const dryOnly = args.includes('--dry-run');
  const paths = args.filter((a) => a !== '--dry-run');
  if (paths.length !== 1 || !existsSync(paths[0]!)) {
    console.error('usage: npm run content:import -- <file|dir> [--dry-run]');
    return 2;
  }
  const files = readPackageFrom(paths[0]!);
  if (files.length === 0) {
    console.error(`no .json or .csv files under ${paths[0]}`);
    return 1;
  }
  const env = loadEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db`,
  });
  try {
    await database.migrate();
    const checked = await checkPackage(database.db, files);
    const s = checked.summary;
    console.log(
      `${s.files} files (${(packageBytes(files) / 1024).toFixed(0)} KB): ${s.passages} passages, ${s.questions} questions, ${s.words} words, ${s.books} books (${s.book_items} items)`,
    );
    for (const skip of checked.skipped) console.log(`skipped ${skip.file}: ${skip.reason}`);
    if (checked.problems.length > 0) {
      for (const p of checked.problems) console.log(`${p.file} ${p.path}: ${p.message}`);
      console.log(`FAIL: ${checked.problems.length} problem(s); nothing was imported`);
      return 1;
    }
    if (dryOnly) {
      console.log('OK: dry run, nothing written');
      return 0;
    }
    const started = Date.now();
    const result = await importPackage(database.db, files);
    const c = result.created;
    console.log(
      `imported in ${Date.now() - started} ms (${database.kind}): new ${c.passages} passages, ${c.questions} questions, ${c.books} books; ` +
        `${result.removed_book_items} book items no longer listed were removed`,
    );
    return 0;
  } catch (e) {
    console.error(e instanceof AppError ? `${e.kind}: ${e.detail}` : e);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
