import { demo, expect, label, shot, storedToken, test, zh } from '../fixtures';

const l = zh.login;

test('a frozen account cannot log in and sees why', async ({ page }, testInfo) => {
  const frozen = demo('frozen');
  await page.goto('/login');
  const login = page.getByRole('form', { name: l.tabs.login });
  await login.getByPlaceholder(l.accountPlaceholder).fill(frozen.email);
  await login.locator('input[type="password"]').fill(frozen.password);
  await login.getByRole('button', { name: label(l.submitLogin) }).click();

  await expect(page.getByRole('alert').filter({ hasText: zh.errors.kinds.user_frozen! })).toBeVisible();
  await shot(page, testInfo, 'frozen-login');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBeNull();
});
