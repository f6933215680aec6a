// `npm run bench:web -w bench`: builds the web app and, for a few routes, adds up the JavaScript a first visit must
// download before the page can show — the entry script, everything it imports statically (index.html's
// modulepreloads), and the lazy chunks the router loads for that route (layout routes and the page module) with
// their static imports. Chunks loaded later on demand (the antd layer on the exam screen, KaTeX on the first formula)
// are not counted. Sizes are gzip at zlib's default level 6, kB = 1000 bytes, as Vite and Lighthouse report them.
// Writes results/web-bundle.json; exits 1 when a route with a budget is over it (issue 4: /exam/{id} ≤ 200 kB).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, createServer, type Plugin } from 'vite';
import { repoRoot } from './targets.js';

const resultsFile = resolve(repoRoot, 'bench/results/web-bundle.json');

interface RouteCase {
  url: string;
  /** Most gzip kB of initial JavaScript, for the routes that have a target. */
  budgetKb?: number;
}

const ROUTES: RouteCase[] = [
  { url: '/exam/1', budgetKb: 200 },
  { url: '/home' },
  { url: '/login' },
  { url: '/exercise_list' },
];

/** Libraries that must never be part of the exam screen's first load. */
const HEAVY = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|katex|echarts|zrender)[\\/]/;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => Math.round(bytes / 10) / 100;

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const webRoot = resolve(value('--web-root') ?? join(repoRoot, 'apps/web'));
  return {
    dist: value('--dist'),
    noBuild: argv.includes('--no-build'),
    webRoot,
    results: value('--out') ?? resultsFile,
  };
}

/** Builds apps/web with its own config into `outDir`; returns, per output file, the modules bundled into it. */
async function buildWeb(webRoot: string, outDir: string): Promise<Map<string, string[]>> {
  const modules = new Map<string, string[]>();
  const record: Plugin = {
    name: 'bench:record-modules',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk') modules.set(chunk.fileName, chunk.moduleIds);
    },
  };
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [record],
    build: { outDir, emptyOutDir: true },
  });
  return modules;
}

/**
 * The source modules the router loads for each URL, read from the real route table: route-table.ts and router.tsx run
 * under Vite's SSR loader (no antd, no DOM needed), `matchRoutes` picks the matched routes, and each route's lazy loader (or, for
 * a page, its RouteEntry.page) names the module it imports. Null when the URL matches no mounted page.
 */
async function routeModules(webRoot: string, urls: string[]): Promise<Map<string, string[] | null>> {
  const server = await createServer({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    type Entry = { path: string; page?: () => unknown };
    type Route = { id?: string; lazy?: () => unknown; children?: Route[] };
    const router = (await server.ssrLoadModule('/src/router.tsx')) as { buildRoutes(): Route[] };
    const table = (await server.ssrLoadModule('/src/route-table.ts')) as {
      topLevelRoutes: Entry[];
      navRoutes: Entry[];
    };
    const { matchRoutes } = (await server.ssrLoadModule('react-router')) as {
      matchRoutes: (routes: Route[], url: string) => { route: Route }[] | null;
    };
    const pages = new Map(
      [...table.topLevelRoutes, ...table.navRoutes].map((e) => [e.path === '' ? 'index' : e.path, e.page]),
    );
    const routes = router.buildRoutes();
    const out = new Map<string, string[] | null>();
    for (const url of urls) {
      const matched = matchRoutes(routes, url) ?? [];
      const loaders = matched
        .map(({ route }) => (route.id !== undefined && pages.get(route.id)) || route.lazy)
        .filter((f) => f !== undefined);
      const hasPage = matched.some(({ route }) => route.id !== undefined && pages.get(route.id) !== undefined);
      const ids = loaders.flatMap((f) =>
        [...String(f).matchAll(/__vite_ssr_dynamic_import__\("\/([^"]+)"/g)].map((m) => m[1]!),
      );
      out.set(url, hasPage ? ids : null);
    }
    return out;
  } finally {
    await server.close();
  }
}

/** A manifest key and every chunk it imports statically, transitively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

async function main() {
  const { dist, noBuild, webRoot, results } = args();
  const outDir = resolve(dist ?? join(repoRoot, '.test-output/web-bundle-dist'));
  if (noBuild && !dist) throw new Error('--no-build needs --dist DIR (an existing build with a manifest)');
  const started = Date.now();
  const moduleIds = noBuild ? new Map<string, string[]>() : await buildWeb(webRoot, outDir);
  const buildSeconds = (Date.now() - started) / 1000;
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const modulesByUrl = await routeModules(
    webRoot,
    ROUTES.map((r) => r.url),
  );

  const gz = new Map<string, { bytes: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let s = gz.get(file);
    if (!s) {
      const buf = readFileSync(join(outDir, file));
      s = { bytes: buf.length, gzip: gzipSync(buf).length };
      gz.set(file, s);
    }
    return s;
  };

  const routes = ROUTES.map((r) => {
    const modules = modulesByUrl.get(r.url) ?? null;
    if (modules === null) {
      return {
        url: r.url,
        mounted: false,
        budget_kb: r.budgetKb ?? null,
        pass: r.budgetKb === undefined ? null : false,
        note: 'no page is mounted at this path yet',
      };
    }
    const keys = closure(manifest, 'index.html');
    for (const m of modules) closure(manifest, m, keys);
    const chunks = [...keys].map((k) => manifest[k]!);
    const files = chunks
      .map((c) => c.file)
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, ...sizeOf(file) }))
      .sort((a, b) => b.gzip - a.gzip);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => ({ file, ...sizeOf(file) }));
    const gzipTotal = files.reduce((s, f) => s + f.gzip, 0);
    const heavyModules = noBuild
      ? null
      : [
          ...new Set(
            files.flatMap((f) =>
              (moduleIds.get(f.file) ?? [])
                .filter((id) => HEAVY.test(id))
                .map((id) => id.replace(/.*node_modules[\\/]/, '').split(/[\\/]/)[0]!),
            ),
          ),
        ];
    return {
      url: r.url,
      mounted: true,
      route_modules: modules,
      js_files: files.length,
      js_bytes: files.reduce((s, f) => s + f.bytes, 0),
      js_gzip_bytes: gzipTotal,
      js_gzip_kb: kb(gzipTotal),
      css_gzip_kb: kb(css.reduce((s, f) => s + f.gzip, 0)),
      heavy_libraries_in_initial_js: heavyModules,
      budget_kb: r.budgetKb ?? null,
      pass: r.budgetKb === undefined ? null : gzipTotal <= r.budgetKb * 1000,
      files: files.map(({ file, bytes, gzip }) => ({ file, bytes, gzip_bytes: gzip })),
    };
  });

  const result = {
    benchmark: 'web-bundle',
    measured_at: new Date().toISOString(),
    node: process.version,
    method:
      'vite build of apps/web; initial JS of a route = entry script + its static imports + the static closure of the lazy modules its matched routes load (from dist/.vite/manifest.json); gzip level 6; kB = 1000 bytes',
    build_seconds: noBuild ? null : buildSeconds,
    dist: relative(repoRoot, outDir) || '.',
    routes,
    pass: routes.every((r) => r.pass !== false),
  };
  mkdirSync(resolve(results, '..'), { recursive: true });
  writeFileSync(results, `${JSON.stringify(result, null, 2)}\n`);

  for (const r of routes) {
    const figure = 'js_gzip_kb' in r ? `${r.js_gzip_kb} kB gzip JS (${r.js_files} files)` : r.note;
    const verdict = r.pass === null ? '' : r.pass ? `  ≤ ${r.budget_kb} kB: pass` : `  budget ${r.budget_kb} kB: FAIL`;
    console.log(`${r.url.padEnd(16)} ${figure}${verdict}`);
  }
  console.log(`→ ${results}`);
  process.exitCode = result.pass ? 0 : 1;
}

await main();
