#!/usr/bin/env node
// `npm run build -w apps/server`: bundles src/main.ts into dist/main.js, so production starts on plain Node without a
// TypeScript loader (start-up and memory: bench/start.ts). The workspace packages (@gre/*) export TypeScript source,
// so they are inlined; everything else in node_modules stays external, loading its own files (pglite's wasm, argon2's
// native binary) from where npm put them.
//
//   node build.mjs [--outdir DIR]     default apps/server/dist
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const at = process.argv.indexOf('--outdir');
const outdir = resolve(at > 0 ? process.argv[at + 1] : resolve(here, 'dist'));

/** Bare imports other than our workspace packages are left to Node's resolution at run time. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gre/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Sources find shipped files next to themselves (packages/db's `../migrations`, the server's `content/`) through
 * `import.meta.url`, which in a bundle would be dist/main.js. Each use becomes the source file's own address, written
 * relative to the bundle so the checkout can move.
 */
const sourceMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (/[\\/]node_modules[\\/]/.test(args.path)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [resolve(here, 'src/main.ts')],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [nodeModulesExternal, sourceMetaUrl],
});
console.log(`server bundle: ${relative(process.cwd(), resolve(outdir, 'main.js'))} (${Date.now() - started} ms)`);
