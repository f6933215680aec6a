import { codeCalls, payCalls, userCalls, type User } from '@gre/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { formatFen } from '../../apps/web/src/components/format';
import { demo, expect, label, seedToken, shot, test, uniqueEmail, zh, type Api } from '../fixtures';

const p = zh.pay;

// Issue 13's journey: a new trial learner opens the real payment dialog from home, switches tiers and durations,
// tries the discount-code field, pays on the sandbox gateway's own page (what the QR code opens) and, after the
// dialog's reload, holds the tier bought. The flash-card quota is bought the same way and lands without a reload.

async function newLearner(api: Api, page: Page, testInfo: TestInfo, prefix: string): Promise<string> {
  const email = uniqueEmail(testInfo, prefix);
  await api.call(userCalls.emailSendCode, { email, purpose: 'register' });
  const session = await api.call(userCalls.register, {
    account: email,
    code: await api.latestCode(email),
    password: 'e2e-pass-1234',
    name: '备考同学',
  });
  await seedToken(page, session.token);
  return session.token;
}

async function me(api: Api, token: string): Promise<User> {
  return api.call(userCalls.get, {}, { token });
}

test('a trial learner buys VIP: tabs, a discount code, the sandbox page, the new role after the reload', async ({
  page,
  api,
  adminToken,
}, testInfo) => {
  const token = await newLearner(api, page, testInfo, 'pay-vip');
  const prices = await api.call(payCalls.prices, {});
  const now = Math.floor(Date.now() / 1000);
  const codeText = `E2E-${testInfo.project.name}-${now.toString(36)}`.toUpperCase();
  const code = await api.call(
    codeCalls.create,
    {
      code: codeText,
      name: '新生立减',
      kind: 'fixed',
      value: 1000,
      start_stamp: now - 60,
      end_stamp: now + 3600,
      max_uses: 3,
      op_code: await api.opCode(adminToken, demo('admin').email),
    },
    { token: adminToken },
  );

  await page.goto('/');
  await expect(page.getByText('试用用户').first()).toBeVisible();
  await page.getByRole('button', { name: label(p.upgrade.vip) }).click();
  const dialog = page.getByRole('dialog', { name: p.title.membership });
  await expect(dialog).toBeVisible();
  const price = dialog.getByTestId('pay-price');

  // Opens on VIP, 1个月, with the price table's amount and a QR code.
  await expect(dialog.getByRole('tab', { name: p.durations[2] })).toHaveAttribute('aria-selected', 'true');
  await expect(price).toHaveText(formatFen(prices.VIP['2']!));
  await expect(dialog.getByRole('img', { name: p.qrLabel })).toBeVisible();

  // Every switch is a new trade at the server's price.
  await dialog.getByRole('tab', { name: p.durations[4] }).click();
  await expect(price).toHaveText(formatFen(prices.VIP['4']!));
  await dialog.getByText(p.tiers.SVIP).click();
  await expect(price).toHaveText(formatFen(prices.SVIP['4']!));
  await dialog.getByRole('tab', { name: p.durations[1] }).click();
  await expect(price).toHaveText(formatFen(prices.SVIP['1']!));
  await dialog.getByText(p.tiers.VIP).click();
  await dialog.getByRole('tab', { name: p.durations[2] }).click();
  await expect(price).toHaveText(formatFen(prices.VIP['2']!));

  // The code field: empty, unknown (cleared), then a real code that re-creates the trade at the lower price.
  const field = dialog.getByPlaceholder(p.code.placeholder);
  // antd keeps its spinner's icon (named 'loading') in the button while the icon's exit motion runs, which a phone's
  // emulated frames can leave unfinished: the name may carry it in front.
  const apply = dialog.getByRole('button', { name: /应\s*用\s*$/ });
  await apply.click();
  await expect(dialog.getByText(p.code.empty)).toBeVisible();
  await field.fill('NO-SUCH-CODE');
  await apply.click();
  await expect(page.getByText(p.code.invalid).first()).toBeVisible();
  await expect(field).toHaveValue('');
  await field.fill(codeText.toLowerCase());
  await apply.click();
  await expect(dialog.getByText(p.code.using(code.name))).toBeVisible();
  await expect(price).toHaveText(formatFen(prices.VIP['2']! - 1000));
  await expect(dialog.getByText(p.noRefund)).toBeVisible();
  await shot(page, testInfo, 'pay-dialog');

  // The QR code encodes the sandbox page; a phone would open it by scanning — here, in a second tab.
  const sandboxUrl = await dialog.getByRole('link', { name: p.openPage }).getAttribute('href');
  expect(sandboxUrl).toMatch(/\/pay\/sandbox\//);
  const gateway = await page.context().newPage();
  await gateway.goto(sandboxUrl!);
  await expect(gateway.getByText(p.sandbox.note)).toBeVisible();
  await expect(gateway.getByText(formatFen(prices.VIP['2']! - 1000))).toBeVisible();
  await shot(gateway, testInfo, 'pay-sandbox');
  await gateway.getByRole('button', { name: label(p.sandbox.pay) }).click();
  await expect(gateway.getByText(p.sandbox.paid)).toBeVisible();
  await gateway.close();

  // The dialog's poll sees ApplySuccess and reloads the page after a second: home now shows the tier bought.
  await expect(page.getByText(p.status.memberDone)).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: label(p.upgrade.renewVip) })).toBeVisible();
  await expect(page.getByRole('button', { name: label(p.upgrade.svip) })).toBeVisible();
  await expect(page.getByRole('button', { name: label(p.upgrade.vip) })).toHaveCount(0);
  await shot(page, testInfo, 'pay-home-after');

  const after = await me(api, token);
  expect(after.authority.role_kind).toBe('VIP');
  expect(after.authority.expire_date).toBeTruthy();
  const codes = await api.call(codeCalls.list, { page: 1 }, { token: adminToken });
  expect(codes.items.find((c) => c.id === code.id)?.used).toBe(1);
});

test('the flash-card quota: 50 / 100 / 200 from 100, paid on the sandbox, coins land without a reload', async ({
  page,
  api,
}, testInfo) => {
  const token = await newLearner(api, page, testInfo, 'pay-coin');
  const prices = await api.call(payCalls.prices, {});
  const before = (await me(api, token)).authority.flash_coins;

  await page.goto('/');
  await page.getByRole('button', { name: label(p.upgrade.buyFlash) }).click();
  const dialog = page.getByRole('dialog', { name: p.title.flash });
  const price = dialog.getByTestId('pay-price');
  await expect(dialog.getByRole('tab', { name: p.packs[2] })).toHaveAttribute('aria-selected', 'true');
  await expect(price).toHaveText(formatFen(prices.FlashCoin['2']!));
  await dialog.getByRole('tab', { name: p.packs[1] }).click();
  await expect(price).toHaveText(formatFen(prices.FlashCoin['1']!));
  await shot(page, testInfo, 'pay-flash-dialog');

  // Paid from the "phone": the gateway's call, as the sandbox page makes it.
  const sandboxUrl = await dialog.getByRole('link', { name: p.openPage }).getAttribute('href');
  const order = decodeURIComponent(sandboxUrl!.split('/pay/sandbox/')[1]!);
  await api.call(payCalls.sandboxAct, { order, action: 'pay' });

  await expect(page.getByText(p.status.flashDone)).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  const coins = (await me(api, token)).authority.flash_coins;
  expect(coins).toBe(before + 50);
  // The user in the page was updated from the poll's answer, not by a reload.
  await expect(page.getByText(String(coins), { exact: true }).first()).toBeVisible();
});
