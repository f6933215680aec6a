import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { muxWebm, type EncodedFrame } from './webm.js';

/**
 * Records one walkthrough page into a VP8 WebM, frame by frame: the page's `__video.render(t)` draws each instant, a
 * screenshot captures it, and Chromium's own WebCodecs VP8 encoder (in a second, blank page) compresses it. Nothing
 * runs in real time, so a busy machine gives the same video; no ffmpeg is needed. (Playwright's `recordVideo` would
 * need its own downloaded ffmpeg build and records VP9 in real time, dropping frames on two cores.)
 */

export interface VideoSpec {
  /** The assembled walkthrough page (a file, so fonts and styles load from disk). */
  htmlPath: string;
  /** A blank page loading src/videos/encoder.js: WebCodecs needs a secure context, which file: URLs are. */
  encoderPath: string;
  width: number;
  height: number;
  fps: number;
  /** Target bits per second; slides are mostly still, so little is needed. */
  bitrate: number;
  /** A key frame at least this often (seconds), so seeking lands close. */
  keyEverySeconds: number;
}

interface EncoderPage {
  start(cfg: { width: number; height: number; fps: number; bitrate: number }): Promise<void>;
  frame(jpegBase64: string | null, timestampUs: number, durationUs: number, key: boolean): Promise<void>;
  finish(): Promise<{ ts: number; key: boolean; data: string }[]>;
}

declare global {
  interface Window {
    __video: { duration: number; render(t: number): string };
    __encoder: EncoderPage;
  }
}

async function openPage(browser: Browser, path: string, width: number, height: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  await page.goto(pathToFileURL(path).href);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** Records the page; returns the WebM bytes and the length in whole seconds. */
export async function renderVideo(browser: Browser, spec: VideoSpec): Promise<{ bytes: Uint8Array; durationSeconds: number }> {
  const page = await openPage(browser, spec.htmlPath, spec.width, spec.height);
  const encoderPage = await openPage(browser, spec.encoderPath, 64, 64);
  try {
    await encoderPage.evaluate((cfg) => window.__encoder.start(cfg), { width: spec.width, height: spec.height, fps: spec.fps, bitrate: spec.bitrate });
    const duration = await page.evaluate(() => window.__video.duration);
    const count = Math.round(duration * spec.fps);
    const frameUs = 1_000_000 / spec.fps;
    const keyEvery = Math.round(spec.keyEverySeconds * spec.fps);
    let lastState = '';
    for (let i = 0; i < count; i++) {
      const state = await page.evaluate((t) => window.__video.render(t), i / spec.fps);
      // Still frames (most of a slide) repeat the previous capture; only changes are screenshotted and sent.
      const shot = state !== lastState || i === 0 ? (await page.screenshot({ type: 'jpeg', quality: 92 })).toString('base64') : null;
      lastState = state;
      await encoderPage.evaluate(([b64, ts, dur, key]) => window.__encoder.frame(b64, ts, dur, key), [shot, Math.round(i * frameUs), Math.round(frameUs), i % keyEvery === 0] as const);
    }
    const chunks = await encoderPage.evaluate(() => window.__encoder.finish());
    const frames: EncodedFrame[] = chunks.map((c) => ({ timestampUs: c.ts, key: c.key, data: Buffer.from(c.data, 'base64') }));
    const bytes = muxWebm({ width: spec.width, height: spec.height, frameDurationNs: Math.round(1e9 / spec.fps), durationMs: (count * 1000) / spec.fps }, frames);
    return { bytes, durationSeconds: Math.round(duration) };
  } finally {
    await page.close();
    await encoderPage.close();
  }
}

/** Still frames at the given seconds, for checking a source while writing it (`--frames`). */
export async function previewFrames(browser: Browser, spec: Pick<VideoSpec, 'htmlPath' | 'width' | 'height'>, seconds: number[]): Promise<Buffer[]> {
  const page = await openPage(browser, spec.htmlPath, spec.width, spec.height);
  try {
    const shots: Buffer[] = [];
    for (const t of seconds) {
      await page.evaluate((at) => window.__video.render(at), t);
      shots.push(await page.screenshot({ type: 'png' }));
    }
    return shots;
  } finally {
    await page.close();
  }
}
