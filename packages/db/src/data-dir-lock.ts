import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite opens a data directory without any lock of its own, and two processes writing one directory corrupt it.
 * The server and the command-line tools (content import, admin) take this pid file first; a file left by a process
 * that is gone (kill -9, power cut) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'gre.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder !== process.pid && alive(holder)) {
        throw new Error(
          `the embedded database in ${dataDir} is in use by process ${holder}; stop it first (PGlite allows one process)`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock the embedded database in ${dataDir}`);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
