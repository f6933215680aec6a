import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_VERSION, HEADERS, userCalls } from '@gre/contracts';
import { openDatabase } from '@gre/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, stopServer } from '../../../test/spawned-server.js';
import { SettingsStore } from '../../lib/settings.js';

const root = join(import.meta.dirname, '../../../../..');
const dir = mkdtempSync(join(tmpdir(), 'gre-start-'));
// The compiled server `npm start` runs (apps/server/build.mjs), built here so the bundle's paths to the migrations,
// content/ and pglite are what gets tested; inside apps/server so its node_modules resolve. `npm run dev` and the e2e
// servers run main.ts under tsx.
const build = join(root, 'apps/server/dist', `start-test-${process.pid}`);
beforeAll(() => {
  execFileSync(process.execPath, ['apps/server/build.mjs', '--outdir', build], { cwd: root, stdio: 'pipe' });
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
});

/** Starts the real, compiled server on the embedded database in `dir`, waits for its "running" line, returns its output. */
async function startServer(env: Record<string, string>, whileUp: (url: string) => Promise<void>): Promise<string> {
  const server = await spawnServer(
    // The defaults `npm start` has: demo accounts seeded on the embedded database, the built web app served.
    {
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: '0',
      HOST: '',
      SEED_DEMO: 'auto',
      WEB_DIST: process.env.WEB_DIST ?? '',
      ...env,
    },
    0,
    ['--enable-source-maps', join(build, 'main.js')],
  );
  try {
    await whileUp(server.url);
  } finally {
    await stopServer(server);
  }
  return server.output();
}

describe('starting the server', () => {
  it('listens on loopback by default, and MAINTENANCE=off opens a site left in maintenance', async () => {
    const db = await openDatabase({ dataDir: join(dir, 'db') });
    await db.migrate();
    await new SettingsStore(db.db).set('maintenance', true);
    await db.close();

    const out = await startServer({ MAINTENANCE: 'off' }, async (url) => {
      // Port 0: the OS chose one; the printed address is the one bound.
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${url}${userCalls.login.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiVersion]: String(API_VERSION) },
        body: JSON.stringify({ account: 'trial@demo.gre', password: 'demo1234' }),
      });
      expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    });
    expect(out).toContain('MAINTENANCE=off: maintenance off (was on)');
    expect(out).not.toContain('WARNING');
  }, 150_000);

  it('warns when demo accounts exist and it listens beyond loopback', async () => {
    const out = await startServer({ HOST: '0.0.0.0' }, async () => undefined);
    expect(out).toMatch(/WARNING: listening on 0\.0\.0\.0, beyond this machine, with 8 demo accounts/);
  }, 150_000);
});
