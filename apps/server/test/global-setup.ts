import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@gre/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Migrates one template database per run: a PGlite dump that each test file clones (≈0.5 s instead of
 * a fresh 3–4 s migrate), or, with DATABASE_URL, a PostgreSQL template database each file copies.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `gre_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const tplUrl = withDatabase(url, template);
    const db = await openDatabase({ url: tplUrl, poolSize: 1 });
    await db.migrate();
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`).catch(() => undefined);
      await admin.end();
    };
  }
  const db = await openDatabase();
  await db.migrate();
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const dir = mkdtempSync(join(tmpdir(), 'gre-tpl-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return undefined;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
