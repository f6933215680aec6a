import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

/**
 * Screenshots every harness page at desktop and phone width with the system Chromium:
 * `npx tsx scripts/renderer-harness/shoot.ts [item…]` from apps/web. Output goes to .test-output/renderer-harness.
 */
const out = fileURLToPath(new URL('../../../../.test-output/renderer-harness/', import.meta.url));
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const server = await createServer({ configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) });
await server.listen();
const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:5199/';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const errors: string[] = [];
try {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(`${name}: ${m.text()}`));
    // The index page lists the samples; reading it keeps this script free of the browser-only sample imports.
    await page.goto(base, { waitUntil: 'networkidle' });
    const ids = await page.$$eval('a[href^="?item="]', (links) =>
      links.map((a) => a.getAttribute('href')!.slice('?item='.length)),
    );
    for (const id of ids.filter((x) => !only.length || only.includes(x))) {
      const s = { id };
      await page.goto(`${base}?item=${s.id}`, { waitUntil: 'networkidle' });
      await page.waitForSelector('.gq-root');
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${out}${s.id}-${name}.png`, fullPage: true });
      console.log(`${s.id}-${name}.png`);
      // Tall pages are also cut into screen-sized slices, legible when viewed one at a time.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const slice = viewport.height * 1.5;
      if (height > slice * 1.3) {
        for (let k = 0, y = 0; y < height; k += 1, y += slice) {
          const clip = { x: 0, y, width: viewport.width, height: Math.min(slice, height - y) };
          await page.screenshot({ path: `${out}${s.id}-${name}-${k + 1}.png`, fullPage: true, clip });
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exitCode = 1;
}
