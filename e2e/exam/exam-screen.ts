import { userCalls } from '@gre/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, shot, zh, type Api } from '../fixtures';

const t = zh.exam;

/** These journeys check the Chinese screen: a mock opens in ETS mode (English, ets-mode.spec.ts) unless switched off. */
export const chineseScreen = (api: Api, token: string, baseURL?: string) =>
  api.call(userCalls.updateExamEtsMode, { ets_mode: false }, { token, baseURL });

export const bar = (page: Page) => page.getByRole('navigation', { name: t.bar.toolbar });
export const progress = (page: Page, n: number, total: number) =>
  page.getByText(t.bar.progress(n, total), { exact: true });
export const saved = (page: Page) => expect(page.locator('.ge-save')).toHaveText(t.save.saved);

/** Full-page shots from the top, so the sticky bar sits where a learner sees it. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name);
}

/** Gives the current question some answer, whatever its input kind. */
export async function answerAnyhow(page: Page) {
  const main = page.locator('.ge-main');
  await expect(main.locator('.gq-question, .gq-pane-question').first()).toBeVisible();
  for (const role of ['radio', 'checkbox'] as const) {
    const choices = main.getByRole(role);
    if ((await choices.count()) > 0) return choices.first().click();
  }
  const boxes = main.getByRole('textbox');
  for (let i = 0; i < (await boxes.count()); i += 1) await boxes.nth(i).fill('1');
}

/** Leaves the running section through 退出本节 and its confirmation. */
export async function exitSection(page: Page) {
  await bar(page).getByRole('button', { name: t.bar.exit }).click();
  await page
    .getByRole('dialog', { name: t.exitDialog.title })
    .getByRole('button', { name: t.exitDialog.confirm })
    .click();
}
