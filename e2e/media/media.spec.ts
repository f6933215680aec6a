import { statSync } from 'node:fs';
import { mediaCalls } from '@gre/contracts';
import { expect, label, shot, test, zh } from '../fixtures';

const m = zh.media;

test('a VIP downloads a PDF and watches a video that streams with ranges', async ({ page, api, loginAs }, testInfo) => {
  const token = await loginAs('VIP');
  const { materials, allowed } = await api.call(mediaCalls.materialList, {}, { token });
  expect(allowed).toBe(true);
  const formulas = materials.find((x) => x.id === 'm-quant-formulas')!;

  await page.goto('/download');
  await expect(page.getByRole('heading', { name: m.download.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: m.videos.title })).toBeVisible();
  await expect(page.getByText(m.download.lockedTitle)).toHaveCount(0);
  await shot(page, testInfo, 'media-download');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `${m.download.download}：${formulas.title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${formulas.title}.pdf`);
  expect(statSync(await download.path()).size).toBe(formulas.size_bytes);

  await page.getByRole('link', { name: /往返平均速度/ }).click();
  await expect(page).toHaveURL(/\/video\/v-avg-speed$/);
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await expect(page.getByText(m.video.questionTitle)).toBeVisible();
  await expect(page.getByText('往返不同速度的平均速度')).toBeVisible();
  // Muted, so the browser's autoplay rule lets a script start it; the point is that bytes arrive and time advances.
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
  expect(await video.evaluate((el: HTMLVideoElement) => Math.round(el.duration))).toBe(48);
  // Seeking asks the server for a later range, which it answers from the middle of the file.
  await video.evaluate((el: HTMLVideoElement) => el.pause());
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.currentTime = 30;
    await new Promise((done) => el.addEventListener('seeked', done, { once: true }));
  });
  expect(await video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeCloseTo(30, 0);
  await shot(page, testInfo, 'media-video');

  // The explained question opens in the bank's practice viewer.
  await page.getByRole('button', { name: label(m.video.practise) }).click();
  await expect(page.locator('.gb-viewer').getByText(/A driver travels from town A to town B/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.gb-viewer')).toBeHidden();

  await page.getByRole('button', { name: new RegExp(m.video.back) }).click();
  await expect(page).toHaveURL(/\/download$/);
});

test('a trial member sees the list, and the rights dialog instead of a download or a member video', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('trial');
  await page.goto('/download');
  await expect(page.getByText(m.download.lockedTitle)).toBeVisible();
  let downloads = 0;
  page.on('download', () => (downloads += 1));
  await page.getByRole('button', { name: `${m.download.download}：数学公式与概念速查` }).click();
  const dialog = page.getByRole('dialog', { name: zh.dialogs.upgradeTitle });
  await expect(dialog).toBeVisible();
  await shot(page, testInfo, 'media-download-trial');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/video/v-tc-signals');
  await expect(page.getByText(m.video.limitTitle)).toBeVisible();
  await expect(page.getByRole('dialog', { name: zh.dialogs.upgradeTitle })).toBeVisible();
  expect(downloads).toBe(0);
});

test('an unknown video says so', async ({ page, loginAs }) => {
  await loginAs('VIP');
  await page.goto('/video/v-no-such-video');
  await expect(page.getByText(m.video.notFoundTitle)).toBeVisible();
});
