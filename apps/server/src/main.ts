import type { AddressInfo } from 'node:net';
import { buildApp, createDeps } from './app.js';
import { loadEnv } from './env.js';
import { listenHost } from './lib/loopback.js';
import { shutdown } from './lib/shutdown.js';
import {
  demoAccountsTable,
  demoExposureWarning,
  demoSeedEnabled,
  presentDemoAccounts,
  seedDemoAccounts,
} from './modules/users/index.js';
import { startJobs } from './jobs/index.js';
import { seedContent } from './modules/content-import/index.js';
import { seedMedia } from './modules/media/index.js';
import { applyMaintenanceAtStart } from './modules/system/index.js';

// `--migrate-only`: the schema and the seeds once, then exit — before a cluster's instances start (docs/deploy.md).
const migrateOnly = process.argv.includes('--migrate-only');
const env = loadEnv();
const deps = await createDeps(migrateOnly ? { ...env, MIGRATE: 'on', JOBS: 'off' } : env);
const switched = await applyMaintenanceAtStart(deps.settings, env.MAINTENANCE);
if (switched) console.log(switched);
if (migrateOnly || env.MIGRATE === 'on') {
  await seedDemoAccounts(deps);
  await seedContent(deps);
  await seedMedia(deps);
}
if (migrateOnly) {
  await deps.close();
  console.log(`migrated and seeded (database: ${deps.database.kind})`);
  process.exit(0);
}
const app = await buildApp(deps);
if (env.JOBS === 'on') await startJobs(deps);

process.once('SIGINT', (signal) => void shutdown(app, deps, signal));
process.once('SIGTERM', (signal) => void shutdown(app, deps, signal));

const host = listenHost(env);
await app.listen({ port: env.PORT, host });
const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
// PORT=0 lets the OS choose; print the port actually bound.
const { port } = app.server.address() as AddressInfo;
console.log(`\nGRE 备考 is running at http://${shown}:${port}  (database: ${deps.database.kind})\n`);
const demo = await presentDemoAccounts(deps);
if (demoSeedEnabled(env)) {
  const table = demoAccountsTable(demo);
  if (table) console.log(`${table}\n`);
}
const exposed = demoExposureWarning(host, demo);
if (exposed) console.warn(`${exposed}\n`);
