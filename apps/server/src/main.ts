import { buildApp, createDeps } from './app.js';
import { loadEnv } from './env.js';
import { demoAccountsTable, demoSeedEnabled, presentDemoAccounts, seedDemoAccounts } from './modules/users/demo-seed.js';
import { startJobs } from './jobs/index.js';
import { seedContent } from './modules/content-import/seed.js';
import { seedMedia } from './modules/media/media.seed.js';

const env = loadEnv();
const deps = await createDeps(env);
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

await app.listen({ port: env.PORT, host: env.HOST });
const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
console.log(`\nGRE 备考 is running at http://${shown}:${env.PORT}  (database: ${deps.database.kind})\n`);
if (demoSeedEnabled(env)) {
  const table = demoAccountsTable(await presentDemoAccounts(deps));
  if (table) console.log(`${table}\n`);
}
