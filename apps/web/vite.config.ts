import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/** Modules that must only ever arrive in lazily loaded chunks (ECharts alone is ~1 MB). */
const LAZY_ONLY = [/[\\/]node_modules[\\/](echarts|zrender)[\\/]/];

/**
 * Fails the build when a lazy-only module lands in the entry chunk or in anything the entry imports
 * statically, so a stray top-level `import 'echarts'` cannot slow every first page load.
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

export default defineConfig({
  plugins: [react(), keepOutOfInitialChunk()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and zod change rarely and are needed by every page: long-lived cache entries. antd is left
        // to per-route splitting so pages that need Table or Form do not weigh on the first load.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/, priority: 3 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
