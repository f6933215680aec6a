import { demo, expect, shot, test, zh } from '../fixtures';

const DEMO_NAME = demo('trial').name;

test('an unknown path shows the route error page with a full-reload link home', async ({ page, loginAs }, testInfo) => {
  await loginAs('trial');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: zh.routeError.title })).toBeVisible();
  await expect(page.getByText(zh.routeError.line)).toBeVisible();
  await shot(page, testInfo, 'route-error');

  const home = page.getByRole('link', { name: zh.common.backHome });
  await expect(home).toHaveAttribute('href', '/');
  // A full reload (not a client-side route change): a new document loads and the dashboard shows.
  const reloaded = page.waitForEvent('load');
  await home.click();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText(DEMO_NAME);
});
