import { expect, shot, test, zh } from '../fixtures';

test('a slow call shows the global loading overlay until it answers', async ({ page }, testInfo) => {
  await page.goto('/debug');
  await expect(page.getByText(zh.debug.intro)).toBeVisible();
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/debug/echo', async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('button', { name: zh.debug.echo }).click();
  const overlay = page.getByText(zh.overlays.loading);
  await expect(overlay).toBeVisible();
  await shot(page, testInfo, 'loading-overlay');
  release();
  await expect(overlay).toBeHidden();
  await expect(page.getByText(new RegExp(zh.debug.echoOk(0).replace('0', String.raw`\d+`)))).toBeVisible();
});
