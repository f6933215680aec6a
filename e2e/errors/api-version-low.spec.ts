import { API_VERSION, systemCalls } from '@gre/contracts';
import { demo, expect, shot, test, zh } from '../fixtures';

test('a client below the minimum API version is told so and reloads after 3 s', async ({
  page,
  api,
  adminToken,
  loginAs,
}, testInfo) => {
  await loginAs('trial');
  const before = await api.call(systemCalls.getSettings, {}, { token: adminToken });
  try {
    await api.call(systemCalls.setMinApiVersion, { min_api_version: API_VERSION + 1 }, { token: adminToken });
    await page.goto('/');
    await expect(page.getByText(zh.errors.apiVersionLow)).toBeVisible();
    await shot(page, testInfo, 'api-version-low');

    // The same document is still here until the timer fires, then a new one loads.
    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    const started = Date.now();
    await page.waitForEvent('load', { timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await page.evaluate(() => 'e2eMarker' in window)).toBe(false);
  } finally {
    // Our own client is below the new minimum too: reset without the version header, as a tool would.
    await api.call(
      systemCalls.setMinApiVersion,
      { min_api_version: before.min_api_version },
      { token: adminToken, apiVersion: null },
    );
  }
  // Once the minimum is back, the next reload serves the page normally.
  await expect(page.getByRole('heading', { level: 2 })).toContainText(demo('trial').name, { timeout: 15_000 });
});
