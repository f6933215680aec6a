// `npm start` (after `npm run build`): the compiled server (apps/server/dist, `npm run build -w apps/server`) in this
// process, serving the built web app. `npm run dev` runs the TypeScript sources under tsx instead.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.env.WEB_DIST ??= resolve(root, 'apps/web/dist');
if (!existsSync(resolve(process.env.WEB_DIST, 'index.html'))) {
  console.error(`No web build at ${process.env.WEB_DIST}: run \`npm run build\` first (npm start does).`);
  process.exit(1);
}
const server = resolve(root, 'apps/server/dist/main.js');
if (!existsSync(server)) {
  console.error(`No server build at ${server}: run \`npm run build\` first (npm start does).`);
  process.exit(1);
}
await import(pathToFileURL(server).href);
