// `npm start` (after `npm run build`): the server in this process, serving the built web app.
// Run with `node --import tsx` so the server's TypeScript loads without a separate compile step.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.env.WEB_DIST ??= resolve(root, 'apps/web/dist');
if (!existsSync(resolve(process.env.WEB_DIST, 'index.html'))) {
  console.error(`No web build at ${process.env.WEB_DIST}: run \`npm run build\` first (npm start does).`);
  process.exit(1);
}
await import('../apps/server/src/main.ts');
