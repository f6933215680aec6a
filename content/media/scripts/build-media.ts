import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mediaManifestSchema, type MediaManifest } from '@gre/contracts';
import { chromium, type Browser } from 'playwright-core';
import { renderMath } from './math.js';
import { previewFrames, renderVideo } from './render-video.js';

/**
 * `npm run build-media -w content [-- --only pdf|video] [ids…]`: prints the material sources (src/<id>.html) to PDF
 * and records the video sources (src/videos/<id>.html) to WebM, into files/, then writes the measured size, page
 * count and length back into media.json (titles and descriptions there are written by hand). Needs Debian's Chromium
 * and the fonts-wqy-microhei CJK font, as the e2e suite does.
 */

const MEDIA = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(MEDIA, 'src');
const FILES = join(MEDIA, 'files');
const MANIFEST = join(MEDIA, 'media.json');
const KATEX_CSS = pathToFileURL(createRequire(import.meta.url).resolve('katex/dist/katex.min.css')).href;
const CHROMIUM = '/usr/bin/chromium';
const VIDEO = { width: 960, height: 540, fps: 25, bitrate: 280_000, keyEverySeconds: 2 };
/** The check refuses bigger videos; the build stops first. */
const VIDEO_MAX_BYTES = 3 * 1024 * 1024;

const args = process.argv.slice(2);
const valueOf = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const only = valueOf('--only');
/** `--frames 3,12.5`: only write still frames of the selected videos at those seconds (to look at while writing). */
const frames = valueOf('--frames')?.split(',').map(Number);
const ids = new Set(args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')));
const wanted = (id: string) => ids.size === 0 || ids.has(id);

/** media.json keeps one key order, so a rebuild changes only the numbers that changed. */
const KEY_ORDER = ['id', 'title', 'description', 'category', 'kind', 'file', 'mime', 'size_bytes', 'pages', 'duration_seconds', 'question_id', 'min_role', 'position'];
const inKeyOrder = (item: object) => Object.fromEntries(Object.entries(item).sort(([a], [b]) => KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b)));

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A material page: its source between the shared print style and KaTeX's. */
function materialPage(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${KATEX_CSS}"><link rel="stylesheet" href="${pathToFileURL(join(SRC, 'material.css')).href}"></head>
<body>${renderMath(body)}</body></html>`;
}

const FOOTER_STYLE = 'font-family:"WenQuanYi Micro Hei",sans-serif;font-size:8px;color:#646a73;width:100%;padding:0 14mm;display:flex;justify-content:space-between;';

/** Chromium writes one `/Type /Page` object per page (and `/Type /Pages` for the tree). */
function countPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length;
}

async function buildMaterial(browser: Browser, work: string, m: MediaManifest['materials'][number]): Promise<{ size: number; pages: number }> {
  const html = join(work, `${m.id}.html`);
  writeFileSync(html, materialPage(m.title, readFileSync(join(SRC, `${m.id}.html`), 'utf8')));
  const page = await browser.newPage();
  await page.goto(pathToFileURL(html).href);
  await page.evaluate(() => document.fonts.ready);
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: `<div style="${FOOTER_STYLE}"><span>GRE 备考 · 学习资料</span><span>${escapeHtml(m.title)}</span></div>`,
    footerTemplate: `<div style="${FOOTER_STYLE}"><span>本资料为原创内容，仅供个人备考使用</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`,
    margin: { top: '18mm', bottom: '18mm', left: '16mm', right: '16mm' },
  });
  await page.close();
  writeFileSync(join(FILES, m.file), pdf);
  return { size: pdf.length, pages: countPages(pdf) };
}

const KIND_LABEL = { explanation: '题目讲解', course: '视频课程' } as const;

/** A video page: the top bar, the scenes of the source, the caption bar and the player runtime. */
function videoPage(v: MediaManifest['videos'][number], scenes: string): string {
  const css = (name: string) => `<link rel="stylesheet" href="${pathToFileURL(join(SRC, 'videos', name)).href}">`;
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><link rel="stylesheet" href="${KATEX_CSS}">${css('video.css')}</head>
<body><div class="frame"><div class="top"><b>GRE 备考 · ${KIND_LABEL[v.kind]}</b><span>${escapeHtml(v.title)}</span><span class="dots"></span></div>
<div class="capbar"></div>${renderMath(scenes)}</div>
<script src="${pathToFileURL(join(SRC, 'videos', 'runtime.js')).href}"></script></body></html>`;
}

/** The assembled page of a video source, written into the work folder. */
function writeVideoPage(work: string, v: MediaManifest['videos'][number]): string {
  const html = join(work, `${v.id}.html`);
  writeFileSync(html, videoPage(v, readFileSync(join(SRC, 'videos', `${v.id}.html`), 'utf8')));
  return html;
}

async function buildVideo(browser: Browser, work: string, v: MediaManifest['videos'][number]): Promise<{ size: number; duration: number }> {
  const html = writeVideoPage(work, v);
  const encoder = join(work, 'encoder.html');
  writeFileSync(encoder, `<!doctype html><meta charset="utf-8"><title>encoder</title><script src="${pathToFileURL(join(SRC, 'videos', 'encoder.js')).href}"></script>`);
  const { bytes, durationSeconds } = await renderVideo(browser, { htmlPath: html, encoderPath: encoder, ...VIDEO });
  if (bytes.length > VIDEO_MAX_BYTES) throw new Error(`${v.id}: ${bytes.length} bytes, over ${VIDEO_MAX_BYTES}; lower the bitrate or shorten it`);
  writeFileSync(join(FILES, v.file), bytes);
  return { size: bytes.length, duration: durationSeconds };
}

const manifest = mediaManifestSchema.parse(JSON.parse(readFileSync(MANIFEST, 'utf8')));
const work = mkdtempSync(join(tmpdir(), 'gre-media-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  if (frames) {
    const out = mkdtempSync(join(tmpdir(), 'gre-media-frames-'));
    for (const v of manifest.videos.filter((x) => wanted(x.id))) {
      const shots = await previewFrames(browser, { htmlPath: writeVideoPage(work, v), ...VIDEO }, frames);
      shots.forEach((png, i) => writeFileSync(join(out, `${v.id}-${frames[i]}.png`), png));
    }
    console.log(`frames in ${out}`);
  } else {
    await buildAll();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}

async function buildAll() {
  if (only !== 'video') {
    for (const m of manifest.materials.filter((x) => wanted(x.id))) {
      const { size, pages } = await buildMaterial(browser, work, m);
      Object.assign(m, { size_bytes: size, pages });
      console.log(`${m.file}: ${pages} pages, ${(size / 1024).toFixed(0)} KiB`);
    }
  }
  if (only !== 'pdf') {
    for (const v of manifest.videos.filter((x) => wanted(x.id))) {
      const started = Date.now();
      const { size, duration } = await buildVideo(browser, work, v);
      Object.assign(v, { size_bytes: size, duration_seconds: duration });
      console.log(`${v.file}: ${duration} s, ${(size / 1024).toFixed(0)} KiB (${((Date.now() - started) / 1000).toFixed(0)} s to record)`);
    }
  }
  for (const item of [...manifest.materials, ...manifest.videos]) {
    const size = statSync(join(FILES, item.file), { throwIfNoEntry: false })?.size;
    if (size !== item.size_bytes) console.warn(`${item.id}: ${item.file} is ${size ?? 'missing'}, not rebuilt in this run`);
  }
  const checked = mediaManifestSchema.parse(manifest);
  const ordered = { materials: checked.materials.map(inKeyOrder), videos: checked.videos.map(inKeyOrder) };
  writeFileSync(MANIFEST, `${JSON.stringify(ordered, null, 2)}\n`);
  console.log(`media.json updated: ${manifest.materials.length} materials, ${manifest.videos.length} videos`);
}
