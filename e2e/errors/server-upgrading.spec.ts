import { systemCalls } from '@gre/contracts';
import { demo, expect, label, shot, test, zh } from '../fixtures';

test('maintenance shows the upgrade overlay; after it ends, refresh brings the page back', async ({
  page,
  api,
  adminToken,
  loginAs,
}, testInfo) => {
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

test('during maintenance an admin logs in, works without the overlay and turns it off; a learner cannot log in', async ({
  page,
  api,
  adminToken,
}, testInfo) => {
  const l = zh.login;
  const signIn = async (who: string) => {
    const account = demo(who);
    await page.goto('/login');
    const form = page.getByRole('form', { name: l.tabs.login });
    await form.getByPlaceholder(l.accountPlaceholder).fill(account.email);
    await form.locator('input[type="password"]').fill(account.password);
    await form.getByRole('button', { name: label(l.submitLogin) }).click();
  };
  const overlay = page.getByRole('alertdialog', { name: zh.overlays.upgradeTitle });
  try {
    await api.call(systemCalls.setMaintenance, { on: true }, { token: adminToken });
    await signIn('trial');
    await expect(overlay).toBeVisible();
    await shot(page, testInfo, 'maintenance-learner-login');

    await page.evaluate(() => localStorage.clear());
    await signIn('admin');
    await expect(page.getByRole('heading', { level: 2 })).toContainText(demo('admin').name);
    await expect(overlay).toBeHidden();
    await page.goto('/web_manage');
    await expect(page.getByText(zh.admin.maintenanceActive)).toBeVisible();
    await shot(page, testInfo, 'maintenance-admin-console');
    const toggle = page.getByRole('switch', { name: zh.admin.maintenance });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
  } finally {
    await api.call(systemCalls.setMaintenance, { on: false }, { token: adminToken });
  }
  await expect(page.getByText(zh.admin.maintenanceActive)).toBeHidden();
});
