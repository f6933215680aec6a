import { userCalls } from '@gre/contracts';
import { demo, expect, label, shot, storedToken, test, zh } from '../fixtures';

test('a revoked session gets 401 on the next call: token cleared, login asked for', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const vip = demo('VIP');
  const token = await loginAs('VIP');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2 })).toContainText(vip.name);
  // Home's cards load after the heading: let them finish, so the save below is the page's next call.
  await page.waitForLoadState('networkidle');
  expect(await storedToken(page)).toBe(token);

  // The same session ends elsewhere (another tab logged out); this page still holds its token.
  await api.call(userCalls.logout, {}, { token });

  const aim = page.getByRole('spinbutton', { name: zh.home.todayAim });
  const current = Number(await aim.inputValue());
  await aim.fill(String(current === 1 ? 2 : current - 1));
  await page.getByRole('button', { name: label(zh.common.save) }).click();

  const notice = page.getByRole('status').filter({ hasText: zh.errors.unauthorized });
  await expect(notice).toBeVisible();
  await expect.poll(() => storedToken(page)).toBeNull();
  await shot(page, testInfo, 'unauthorized');

  await notice.getByRole('button', { name: label(zh.errors.goLogin) }).click();
  await expect(page).toHaveURL(/\/login$/);
});
