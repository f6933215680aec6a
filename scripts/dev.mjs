#!/usr/bin/env node
// `npm run dev`: the API server under `tsx watch` (restarts on change) and Vite's dev server (hot reload),
// side by side; Ctrl-C stops both. The Vite dev server forwards /api to the API server.
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Vite's proxy (apps/web/vite.config.ts) forwards /api to port 3000.
const apiPort = '3000';

const children = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    },
  ),
  // Vite itself rather than through npm, so stopping this script stops it too.
  spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js')], {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
    env: process.env,
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
