import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportCalls, type ExportKind } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import type { InProcessQueue } from '../../lib/job-queue.js';
import type { Builder } from './export.builders.js';
import { exportTestApp, idle } from './export.fixtures.js';
import { EXPORT_FAILED_TEXT, EXPORT_JOB, runExport, type ExportJobData } from './export.job.js';
import { purgeExports } from './export.service.js';

let t: TestApp & { dataDir: string };
let learner: TestUser;
/** The builder every kind uses in this file; each test sets its own. */
let build: Builder;
let calls = 0;

beforeAll(async () => {
  t = await exportTestApp();
  const builders = Object.fromEntries(
    (['pdf', 'csv', 'anki', 'json'] as ExportKind[]).map((k) => [k, (ctx: Parameters<Builder>[0]) => build(ctx)]),
  ) as Record<ExportKind, Builder>;
  await t.deps.queue.work<ExportJobData>(EXPORT_JOB, (data, deps) => runExport(deps, data, builders));
}, 60_000);
afterAll(() => t.close());

const rowOf = async (id: number) =>
  (
    await t.deps.database.db.execute<{
      status: string;
      progress: number;
      file_name: string | null;
      error: string | null;
    }>(sql`select status, progress, file_name, error from data_exports where id = ${id}`)
  ).rows[0];

async function start(): Promise<number> {
  learner = await createUser(t.deps);
  const r = await t.call(exportCalls.create, { kind: 'json' }, { token: learner.token });
  expect(r.status).toBe(200);
  return r.data.export.id;
}

const dirFiles = () => (existsSync(join(t.dataDir, 'exports')) ? readdirSync(join(t.dataDir, 'exports')) : []);

describe('export job', () => {
  it('reports Running and its progress while it works, then Done at 100', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let reached: () => void = () => {};
    const halfway = new Promise<void>((r) => (reached = r));
    build = async ({ progress }) => {
      await progress(0.02); // under the step: not written
      await progress(0.5);
      reached();
      await gate;
      return Buffer.from('{"ok":true}');
    };
    const id = await start();
    await halfway;
    expect(await rowOf(id)).toMatchObject({ status: 'Running', progress: 50, file_name: null });
    const seen = await t.call(exportCalls.get, { id }, { token: learner.token });
    expect(seen.data.export).toMatchObject({ status: 'Running', progress: 50 });
    release();
    await idle(t);
    const done = await rowOf(id);
    expect(done).toMatchObject({ status: 'Done', progress: 100, error: null });
    expect(readFileSync(join(t.dataDir, 'exports', done!.file_name!), 'utf8')).toBe('{"ok":true}');
  });

  it('tries again after a failure and ends Done with one whole file and no temporary one', async () => {
    calls = 0;
    build = async ({ progress }) => {
      calls += 1;
      await progress(0.4);
      if (calls === 1) throw new Error('disk hiccup');
      return Buffer.from('second try');
    };
    const id = await start();
    await idle(t);
    expect(calls).toBe(2);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'Done', progress: 100, error: null });
    expect(readFileSync(join(t.dataDir, 'exports', row!.file_name!), 'utf8')).toBe('second try');
    expect(dirFiles().filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('stays Failed with a Chinese reason once its tries run out, leaving no file', async () => {
    const before = dirFiles().length;
    calls = 0;
    build = async () => {
      calls += 1;
      throw new Error('always');
    };
    const id = await start();
    await idle(t);
    expect(calls).toBe(3);
    expect(await rowOf(id)).toMatchObject({ status: 'Failed', error: EXPORT_FAILED_TEXT, file_name: null });
    expect((t.deps.queue as InProcessQueue).failed.some((f) => (f.data as ExportJobData).id === id)).toBe(true);
    expect(dirFiles()).toHaveLength(before);
    // A failed export no longer counts against the limit.
    build = async () => Buffer.from('x');
    expect((await t.call(exportCalls.create, { kind: 'json' }, { token: learner.token })).status).toBe(200);
    await idle(t);
  });

  it('does nothing when delivered again after Done', async () => {
    build = async () => Buffer.from('first');
    const id = await start();
    await idle(t);
    const file = (await rowOf(id))!.file_name!;
    build = async () => Buffer.from('overwritten');
    expect(await runExport(t.deps, { id }, { pdf: build, csv: build, anki: build, json: build })).toEqual({
      skipped: true,
    });
    expect(readFileSync(join(t.dataDir, 'exports', file), 'utf8')).toBe('first');
  });
});

describe('export cleanup', () => {
  it('removes exports past their days with their files, fails lost jobs, and sweeps stray files', async () => {
    build = async () => Buffer.from('old');
    const oldId = await start();
    await idle(t);
    const oldFile = (await rowOf(oldId))!.file_name!;
    const db = t.deps.database.db;
    await db.execute(sql`update data_exports set created_at = now() - interval '8 days' where id = ${oldId}`);
    const stalled = (
      await db.execute<{ id: number }>(
        sql`insert into data_exports (user_id, kind, created_at) values (${learner.user.id}, 'json', now() - interval '2 hours') returning id`,
      )
    ).rows[0]!.id;
    const stray = join(t.dataDir, 'exports', 'gre-account-20200101-999999.json');
    writeFileSync(stray, 'left behind');
    const past = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stray, past, past);

    const result = await purgeExports(t.deps);
    expect(result).toMatchObject({ rows: 1, stalled: 1 });
    expect(await rowOf(oldId)).toBeUndefined();
    expect(existsSync(join(t.dataDir, 'exports', oldFile))).toBe(false);
    expect(existsSync(stray)).toBe(false);
    expect(await rowOf(Number(stalled))).toMatchObject({ status: 'Failed' });
    // Files of live exports stay.
    const live = (
      await db.execute<{ file_name: string }>(sql`select file_name from data_exports where file_name is not null`)
    ).rows;
    for (const r of live) expect(existsSync(join(t.dataDir, 'exports', r.file_name))).toBe(true);
  });
});
