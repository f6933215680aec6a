import { expect, isPhone, shot, test, zh } from '../fixtures';

const s = zh.search;

test('a learner searches the bank in English and Chinese, opens a result in review and looks up a GRE word', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('VIP');
  await page.goto('/search');
  await expect(page.getByText(s.start)).toBeVisible();
  await shot(page, testInfo, 'search-empty');

  // English: a word from a reading passage; the snippet marks it.
  await page.getByPlaceholder(s.placeholder).fill('coral');
  await page.getByRole('button', { name: new RegExp(s.submit) }).click();
  await expect(page).toHaveURL(/\/search\?q=coral$/);
  const first = page.locator('.gs-item').first();
  await expect(first.locator('mark').first()).toHaveText(/coral/i);
  await shot(page, testInfo, 'search-english');

  // The result opens in review mode: the explanation is shown and the craft bar is there (source: the query).
  await first.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(s.viewerTitle('coral'))).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'star' }).first()).toBeVisible();
  await shot(page, testInfo, 'search-review');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Chinese, narrowed to a difficulty.
  await page.goto('/search?q=三角形');
  await expect(page.locator('.gs-item mark').first()).toHaveText('三角形');
  // The results arrive while the select opens; on a phone their re-render can close its list before the click lands.
  await expect(async () => {
    if (!(await page.getByTitle(zh.bank.difficulty.hard ?? 'hard', { exact: true }).isVisible()))
      await page.getByLabel(s.difficulty).click();
    await page.getByTitle(zh.bank.difficulty.hard ?? 'hard', { exact: true }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/difficulty=hard/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('.gs-item').first()).toBeVisible();
  await shot(page, testInfo, 'search-chinese');

  // Words: the same query by Chinese meaning, then by headword beginning.
  await page.getByRole('tab', { name: s.scopes.words }).click();
  await expect(page).toHaveURL(/scope=words/);
  await expect(page.locator('.gs-item').filter({ hasText: 'hypotenuse' }).locator('mark')).toHaveText('三角形');
  await page.getByPlaceholder(s.placeholder).fill('aband');
  await page.getByRole('button', { name: new RegExp(s.submit) }).click();
  await expect(page.locator('.gs-word mark').first()).toHaveText('aband');
  await shot(page, testInfo, 'search-words');
  await page.locator('.gs-item').first().click();
  await expect(page.getByRole('dialog').getByText(s.viewerTitle('aband'))).toBeVisible();
  await page.keyboard.press('Escape');

  // Nothing found.
  await page.goto('/search?q=qzxvqzxv');
  await expect(page.getByText(s.none)).toBeVisible();
  if (isPhone(testInfo)) await shot(page, testInfo, 'search-none');
});
