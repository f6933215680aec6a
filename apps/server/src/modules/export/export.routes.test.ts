import { EXPORT_LIMITS, exportCalls, HEADERS, type DataExport } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import { exportTestApp, idle, seedLearner, workExports } from './export.fixtures.js';

let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await exportTestApp();
  owner = (await seedLearner(t, 'A')).learner;
  other = (await seedLearner(t, 'B')).learner;
}, 60_000);
afterAll(() => t.close());

const rows = async (userId: number) =>
  Number(
    (
      await t.deps.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from data_exports where user_id = ${userId}`,
      )
    ).rows[0]!.n,
  );

const download = (path: string, token?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: path, headers: token ? { [HEADERS.authorization]: `Bearer ${token}` } : {} });

describe('export calls', () => {
  it('refuses a pdf or csv without a scope, anki or json with one, and unknown parts, writing nothing', async () => {
    const bodies = [
      { kind: 'pdf' },
      { kind: 'csv' },
      { kind: 'json', scope: { parts: ['wrongs'] } },
      { kind: 'anki', scope: { parts: ['note'] } },
      { kind: 'pdf', scope: { parts: [] } },
      { kind: 'pdf', scope: { parts: ['wrongs', 'wrongs'] } },
      { kind: 'pdf', scope: { parts: ['trash'] } },
      { kind: 'docx' },
    ];
    for (const body of bodies) {
      const r = await t.call(exportCalls.create, body, { token: owner.token });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.err?.kind).toBe('invalid_input');
    }
    expect(await rows(owner.user.id)).toBe(0);
  });

  it('queues an export, lists it newest first and gets it; another learner gets not_found', async () => {
    const a = await t.call(exportCalls.create, { kind: 'json' }, { token: owner.token });
    expect(a.status).toBe(200);
    expect(a.data.export).toMatchObject({ kind: 'json', scope: null, status: 'Queued', progress: 0, file_name: null });
    const b = await t.call(
      exportCalls.create,
      { kind: 'pdf', scope: { parts: ['wrongs', 'note'], category: 1 } },
      { token: owner.token },
    );
    expect(b.data.export.scope).toEqual({ parts: ['wrongs', 'note'], category: 1 });

    const list = await t.call(exportCalls.list, {}, { token: owner.token });
    expect(list.data.exports.map((e: DataExport) => e.id)).toEqual([b.data.export.id, a.data.export.id]);
    expect((await t.call(exportCalls.list, {}, { token: other.token })).data.exports).toEqual([]);

    expect((await t.call(exportCalls.get, { id: a.data.export.id }, { token: owner.token })).data.export.id).toBe(
      a.data.export.id,
    );
    const refused = await t.call(exportCalls.get, { id: a.data.export.id }, { token: other.token });
    expect(refused.status).toBe(404);
    expect(refused.err?.kind).toBe('not_found');
  });

  it(`refuses a third export while ${EXPORT_LIMITS.running} wait, with conflict and no row`, async () => {
    // The two of the test above are still queued: no handler runs jobs yet in this app.
    const r = await t.call(exportCalls.create, { kind: 'anki' }, { token: owner.token });
    expect(r.status).toBe(409);
    expect(r.err?.kind).toBe('conflict');
    expect(r.err?.show).toContain('正在进行');
    expect(await rows(owner.user.id)).toBe(EXPORT_LIMITS.running);
  });

  it('lets exactly the limit through when many are asked for at once', async () => {
    const learner = await createUser(t.deps);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.call(exportCalls.create, { kind: 'json' }, { token: learner.token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(EXPORT_LIMITS.running);
    expect(answers.filter((a) => a.err?.kind === 'conflict')).toHaveLength(6 - EXPORT_LIMITS.running);
    expect(await rows(learner.user.id)).toBe(EXPORT_LIMITS.running);
  });
});

describe('export files', () => {
  let done: DataExport;

  beforeAll(async () => {
    await workExports(t);
    await idle(t);
    const list = await t.call(exportCalls.list, {}, { token: owner.token });
    done = list.data.exports.find((e: DataExport) => e.kind === 'json')!;
  }, 60_000);

  it('runs the queued exports to Done with a file name, size and expiry', () => {
    expect(done).toMatchObject({ status: 'Done', progress: 100, error: null });
    expect(done.file_name).toMatch(/^gre-account-\d{8}-\d+\.json$/);
    expect(done.size_bytes).toBeGreaterThan(100);
    expect(done.expires_stamp! - done.created_stamp).toBe(EXPORT_LIMITS.keepDays * 86_400);
  });

  it("serves the file to its owner's token only", async () => {
    const path = `/exports/${done.id}/${done.file_name}`;
    const ok = await download(path, owner.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ok.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.rawPayload.length).toBe(done.size_bytes);
    expect(JSON.parse(ok.body)).toMatchObject({ profile: { id: owner.user.id } });

    const head = await download(path, owner.token, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(done.size_bytes);

    const others = await download(path, other.token);
    expect(others.statusCode).toBe(404);
    expect(others.json()).toMatchObject({ ok: false, err_data: { kind: 'not_found' } });
    expect(others.body).not.toContain(owner.user.email!);

    expect((await download(path)).statusCode).toBe(401);
    expect((await download(path, 'not-a-real-token-but-long-enough')).statusCode).toBe(401);
  });

  it('answers not_found for a wrong name, a bad id, and anything else under /exports', async () => {
    for (const path of [
      `/exports/${done.id}/gre-account-20200101-${done.id}.json`,
      `/exports/${done.id}/..%2F..%2Fetc%2Fpasswd`,
      `/exports/0/${done.file_name}`,
      `/exports/abc/${done.file_name}`,
      `/exports/${done.id}`,
      '/exports/',
    ]) {
      const r = await download(path, owner.token);
      expect(r.statusCode, path).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
    }
  });

  it('refuses a frozen owner', async () => {
    await t.deps.database.db.execute(sql`update users set is_freeze = true where id = ${owner.user.id}`);
    try {
      const r = await download(`/exports/${done.id}/${done.file_name}`, owner.token);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ err_data: { kind: 'user_frozen' } });
    } finally {
      await t.deps.database.db.execute(sql`update users set is_freeze = false where id = ${owner.user.id}`);
    }
  });
});
