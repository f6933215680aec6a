import { systemCalls } from '@gre/contracts';
import { demo, expect, label, shot, test, zh } from '../fixtures';

test('maintenance shows the upgrade overlay; after it ends, refresh brings the page back', async ({ page, api, adminToken, loginAs }, testInfo) => {
  await loginAs('trial');
  const overlay = page.getByRole('alertdialog', { name: zh.overlays.upgradeTitle });
  try {
    await api.call(systemCalls.setMaintenance, { on: true }, { token: adminToken });
    await page.goto('/');
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText(zh.overlays.upgradeBody);
    await shot(page, testInfo, 'upgrade-overlay');
  } finally {
    await api.call(systemCalls.setMaintenance, { on: false }, { token: adminToken });
  }
  await overlay.getByRole('button', { name: label(zh.common.refresh) }).click();
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(demo('trial').name);
});
