import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'gre-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('embedded data directory lock', () => {
  it('is taken with this pid and given back', () => {
    const dir = fresh();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'gre.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'gre.pid'))).toBe(false);
  });

  it('refuses a directory another live process holds', async () => {
    const dir = fresh();
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'gre.pid'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over the file of a process that is gone', async () => {
    const dir = fresh();
    const gone = spawn('true');
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(join(dir, 'gre.pid'), String(gone.pid));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'gre.pid'), 'utf8')).toBe(String(process.pid));
    unlock();
    writeFileSync(join(dir, 'gre.pid'), 'garbage');
    lockDataDir(dir)();
  });
});
