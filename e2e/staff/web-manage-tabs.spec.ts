import { payCalls } from '@gre/contracts';
import { expect, label, shot, zh } from '../fixtures';
import { adminCopy, adminPage, confirmWithCode, newLearner, test } from './staff-steps';

const v = adminCopy.vouchers;
const t = adminCopy.trades;

test.setTimeout(240_000);

test('every tab of /web_manage, with a voucher made in the form and a paid trade listed', async ({
  browser,
  api,
  staffURL,
}, testInfo) => {
  // A learner's paid VIP month and an unpaid flash pack, so 订单 has rows.
  const learner = await newLearner(api, staffURL, testInfo, 'buyer');
  const vip = await api.call(
    payCalls.init,
    { user_id: learner.id, kind: 'VIP', param: 2 },
    { token: learner.token, baseURL: staffURL },
  );
  await api.call(payCalls.sandboxAct, { order: vip.trade.order, action: 'pay' }, { baseURL: staffURL });
  await api.call(
    payCalls.init,
    { user_id: learner.id, kind: 'FlashCoin', param: 1 },
    { token: learner.token, baseURL: staffURL },
  );

  const admin = await adminPage(browser, testInfo, api, staffURL);
  await admin.goto('/web_manage');
  const phone = testInfo.project.name === 'phone';
  // Tabs on a desktop; on a phone one select of the same areas.
  const option = (name: string) =>
    admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${name}$`) });
  const open = async (name: string) => {
    if (!phone) return admin.getByRole('tab', { name }).click();
    await admin.getByRole('combobox', { name: adminCopy.area }).click();
    await option(name).click();
  };
  if (phone) {
    await admin.getByRole('combobox', { name: adminCopy.area }).click();
    for (const name of Object.values(adminCopy.tabs)) await expect(option(name)).toHaveCount(1);
    await admin.keyboard.press('Escape');
  } else {
    await expect(admin.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    const names = await admin.getByRole('tab').allInnerTexts();
    for (const name of Object.values(adminCopy.tabs)) expect(names).toContain(name);
  }

  // 兑换券: a VIP week for 50 learners, made through the form and the confirmation code.
  await open(adminCopy.tabs.vouchers);
  await expect(admin).toHaveURL(/tab=vouchers/);
  await admin.getByRole('button', { name: label(v.create) }).click();
  const form = admin.getByRole('dialog').filter({ hasText: v.form.useLimit });
  const code = `E2E-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  await form.getByLabel(v.form.code).fill(code);
  await form.getByLabel(v.form.name).fill('新学期体验周');
  await form.getByLabel(v.form.days).fill('7');
  await form.getByLabel(v.form.useLimit).fill('50');
  // The window typed as the picker shows it (Beijing time), each end confirmed with Enter.
  const start = form.getByPlaceholder('开始日期');
  await start.click();
  await start.fill('2026-01-01 00:00');
  await start.press('Enter');
  const end = form.getByPlaceholder('结束日期');
  await end.fill('2030-12-31 23:59');
  await end.press('Enter');
  await expect(end).toHaveValue('2030-12-31 23:59');
  await shot(admin, testInfo, 'staff-voucher-form');
  await form.getByRole('button', { name: label(v.form.submit) }).click();
  await confirmWithCode(admin, api, staffURL, v.createAction);
  await expect(form).toBeHidden();
  const row = admin.locator('.ant-table-row, .ant-list-item').filter({ hasText: code });
  await expect(row).toContainText(v.grantTier('会员', 7));
  await expect(row).toContainText('0 / 50');

  for (const [key, name] of Object.entries(adminCopy.tabs)) {
    await open(name);
    await expect(admin).toHaveURL(new RegExp(`tab=${key}`));
    const panel = admin.getByRole('tabpanel');
    await expect(panel.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
    await expect(admin.getByText(zh.overlays.loading)).toBeHidden();
    if (key === 'trades') {
      await expect(panel.getByText(t.emptyQueue)).toBeVisible();
      await panel.getByRole('combobox', { name: t.status }).click();
      await admin.getByTitle(t.anyStatus).click();
      await expect(panel.getByText(adminCopy.tradeStatus.ApplySuccess!)).toBeVisible();
      await expect(panel.getByText(adminCopy.tradeStatus.WaitPay!)).toBeVisible();
    }
    if (key === 'users') await expect(panel.getByText('备考同学').first()).toBeVisible();
    if (key === 'audit') await expect(panel.getByText('permission/add_voucher').first()).toBeVisible();
    await shot(admin, testInfo, `staff-tab-${key}`);
  }
  await admin.context().close();
});
