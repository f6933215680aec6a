import { readFileSync } from 'node:fs';
import { calibrationFileSchema } from '@gre/contracts';
import { calibrationCopy as c } from '../../apps/web/src/i18n/zh-CN.calibration';
import { expect, shot, test } from '../fixtures';

// Issue 19 part 4: an operator reads the difficulty learners' answers give beside the author's label, runs the fit
// and takes the decided difficulties away as content/calibration.json for rebuilding the mocks.

test('/operate 难度校准: run now, filtered and exported', async ({ page, loginAs }, testInfo) => {
  await loginAs('operator');
  await page.goto('/operate?tab=calibration');
  await expect(page.getByRole('tab', { name: c.tab, selected: true })).toBeVisible();
  await expect(page.getByText(c.intro(30))).toBeVisible();

  await page.getByRole('button', { name: c.run }).click();
  await expect(page.getByText(/^校准完成：/)).toBeVisible();
  // Whatever the answers so far, the line says either the last run or that nothing could be calibrated yet.
  await expect(page.getByTestId('calibration-last-run')).toHaveText(/上次校准|还没有可校准的作答/);
  await shot(page, testInfo, 'calibration');

  await page.getByRole('switch', { name: c.disagreeOnly }).click();
  await expect(page.getByText(c.empty)).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: c.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('calibration.json');
  const parsed = calibrationFileSchema.parse(JSON.parse(readFileSync(await file.path(), 'utf8')));
  expect(parsed.min_responses).toBe(30);
});
