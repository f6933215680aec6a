import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Modules that must only ever arrive in lazily loaded chunks: ECharts alone is ~1 MB, and antd (with its icons and
 * rc components) and KaTeX come with the pages that use them, so the exam screen loads without them.
 */
const LAZY_ONLY = [/[\\/]node_modules[\\/](echarts|zrender|antd|@ant-design|@rc-component|katex)[\\/]/];

/**
 * Fails the build when a lazy-only module lands in the entry chunk or in anything the entry imports
 * statically, so a stray top-level `import 'echarts'` or `import { Button } from 'antd'` in the shell cannot slow
 * every first page load.
 */
function keepOutOfInitialChunk(): Plugin {
  return {
    name: 'gre:keep-out-of-initial-chunk',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, c] as const),
      );
      const initial = new Set<string>();
      const visit = (name: string) => {
        if (initial.has(name)) return;
        initial.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const c of chunks.values()) if (c.isEntry) visit(c.fileName);
      for (const name of initial) {
        const bad = chunks.get(name)?.moduleIds.find((id) => LAZY_ONLY.some((re) => re.test(id)));
        if (bad) this.error(`${bad} is in the initial chunk ${name}; import it lazily`);
      }
    },
  };
}

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at build time: the server serves them to
 * browsers that accept them (@fastify/static preCompressed), so a first visit downloads about a third of the bytes
 * without the server compressing anything per request.
 */
function precompress(): Plugin {
  return {
    name: 'gre:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const data = Buffer.from(file.type === 'chunk' ? file.code : file.source);
        if (data.length < 1024) continue;
        const path = join(options.dir!, file.fileName);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), keepOutOfInitialChunk(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    // /media: the signed material and video addresses the API hands out (served by the API server, with ranges).
    // /pay/notify: the sandbox gateway notifies the address the dialog was opened at (payment notifications).
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/media': 'http://127.0.0.1:3000',
      '/pay/notify': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: bench/web-bundle.ts reads each route's initial chunks from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and zod change rarely and are needed by every page: long-lived cache entries. antd is left
        // to per-route splitting so pages that need Table or Form do not weigh on the first load.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
              priority: 3,
            },
            // src/zod-jitless.ts rides in zod's chunk so it runs before any chunk that builds a schema imports zod
            // (in the entry chunk it would run after them: a CSP violation on every page, see that file).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
});
