import { openDatabase } from '@gre/db';
import { loadEnv } from '../../env.js';
import { runAdminCommand } from './maintenance.js';

/**
 * `npm run admin -- maintenance <on|off|status>`: on DATABASE_URL, or the embedded database under DATA_DIR like the
 * server. Running instances see the change within the settings cache (2 s). The embedded database admits one process,
 * so stop `npm start` first (the data-directory lock says so if it is still running).
 */
async function main(): Promise<number> {
  const env = loadEnv();
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : `${env.DATA_DIR}/db`,
  });
  try {
    await database.migrate();
    const { code, out } = await runAdminCommand(database.db, process.argv.slice(2));
    (code === 0 ? console.log : console.error)(out);
    return code;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
