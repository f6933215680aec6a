import type { AddressInfo } from 'node:net';
import { buildApp, createDeps } from './app.js';
import { loadEnv } from './env.js';
import { listenHost } from './lib/loopback.js';
import { demoAccountsTable, demoExposureWarning, demoSeedEnabled, presentDemoAccounts, seedDemoAccounts } from './modules/users/demo-seed.js';
import { startJobs } from './jobs/index.js';
import { seedContent } from './modules/content-import/seed.js';
import { seedMedia } from './modules/media/media.seed.js';
import { applyMaintenanceAtStart } from './modules/system/maintenance.js';

const env = loadEnv();
const deps = await createDeps(env);
const switched = await applyMaintenanceAtStart(deps.settings, env.MAINTENANCE);
if (switched) console.log(switched);
await seedDemoAccounts(deps);
await seedContent(deps);
await seedMedia(deps);
const app = await buildApp(deps);
const jobs = await startJobs(deps);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  await jobs.stop({ graceful: true, wait: true });
  await deps.limiter.close();
  await deps.database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

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
