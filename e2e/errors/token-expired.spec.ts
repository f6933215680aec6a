import { userCalls } from '@gre/contracts';
import { demo, expect, seedToken, shot, SHORT_IDLE_SECONDS, storedToken, test, zh } from '../fixtures';

test('an expired session warns, clears the token and goes to the login page after 3 s', async ({
  page,
  api,
  shortIdleURL,
}, testInfo) => {
  const trial = demo('trial');
  // A server whose sessions go idle after a few seconds: the expiry is real, not a canned answer.
  const token = await api.login(trial, shortIdleURL);
  const user = await api.call(userCalls.get, {}, { token, baseURL: shortIdleURL });
  expect(user.name).toBe(trial.name);
  await seedToken(page, token);
  await page.waitForTimeout((SHORT_IDLE_SECONDS + 1) * 1000);

  await page.goto(`${shortIdleURL}/`);
  const warning = page.getByRole('status').filter({ hasText: zh.errors.tokenExpired });
  await expect(warning).toBeVisible();
  // The warning stays on this page for its 3 s before the redirect.
  expect(page.url()).toBe(`${shortIdleURL}/`);
  expect(await storedToken(page)).toBeNull();
  await shot(page, testInfo, 'token-expired');
  await expect(page).toHaveURL(`${shortIdleURL}/login`, { timeout: 8_000 });
});
