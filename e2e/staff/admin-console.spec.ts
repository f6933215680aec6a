import { ROLE_NAMES } from '@gre/contracts';
import { expect, label, shot, storedToken, zh } from '../fixtures';
import { adminCopy, adminPage, confirmWithCode, newLearner, openUser, pageAs, test } from './staff-steps';

const d = adminCopy.drawer;
const f = adminCopy.freeze;

/** Each code waits out the minute after the one before it (one code a minute to the admin's address). */
test.setTimeout(300_000);

test('an admin grants SVIP and the higher bank in the user drawer; the learner then opens /higher', async ({
  browser,
  api,
  staffURL,
}, testInfo) => {
  const learner = await newLearner(api, staffURL, testInfo, 'higher');
  const learnerPage = await pageAs(browser, testInfo, staffURL, learner.token);
  await learnerPage.goto('/higher');
  await expect(learnerPage.getByText(zh.bank.higherGate.title)).toBeVisible();
  await learnerPage.keyboard.press('Escape');

  const admin = await adminPage(browser, testInfo, api, staffURL);
  const drawer = await openUser(admin, learner.email, '备考同学');
  const membership = drawer.getByRole('region', { name: d.membership });
  await membership.getByRole('combobox', { name: d.grantTier }).click();
  await admin.getByTitle(ROLE_NAMES.SVIP).click();
  await membership.getByRole('spinbutton', { name: d.grantDays }).fill('30');
  await membership.getByRole('button', { name: label(d.grantButton) }).click();
  await expect(admin.getByText(d.grantSummary(`备考同学（ID ${learner.id}）`, ROLE_NAMES.SVIP, 30))).toBeVisible();
  await shot(admin, testInfo, 'staff-op-check');
  await confirmWithCode(admin, api, staffURL, d.grantAction);
  await expect(membership.locator('.ant-descriptions-item', { hasText: d.current })).toContainText(ROLE_NAMES.SVIP);

  const higher = drawer.getByRole('region', { name: d.access }).getByRole('switch', { name: d.higher });
  await higher.click();
  // The code of the grant was used a moment ago: the dialog says it waits for the minute, then sends a new one.
  await expect(admin.getByText(/上一个验证码已使用/)).toBeVisible();
  await shot(admin, testInfo, 'staff-op-check-wait');
  await confirmWithCode(admin, api, staffURL, d.switchAction(d.higher, true));
  await expect(higher).toBeChecked();
  await shot(admin, testInfo, 'staff-user-drawer');

  await learnerPage.goto('/higher');
  await expect(learnerPage.getByText('高阶填空')).toBeVisible();
  await expect(learnerPage.getByText(zh.bank.higherGate.title)).toBeHidden();
  await shot(learnerPage, testInfo, 'staff-higher-open');

  // The audit log holds both changes, newest first, with who made them.
  await admin.goto('/web_manage?tab=audit');
  await expect(admin.getByText('permission/set_higher').first()).toBeVisible();
  await expect(admin.getByText('permission/manual_grant_vip').first()).toBeVisible();
  await shot(admin, testInfo, 'staff-tab-audit');
  await admin.context().close();
  await learnerPage.context().close();
});

test("an admin freezes a learner from /freeze: the learner's open tab is logged out; /unfreeze lets them back", async ({
  browser,
  api,
  staffURL,
}, testInfo) => {
  const learner = await newLearner(api, staffURL, testInfo, 'frozen');
  const learnerPage = await pageAs(browser, testInfo, staffURL, learner.token);
  await learnerPage.goto('/');
  await expect(learnerPage.getByRole('heading', { level: 2 })).toContainText('备考同学');

  const admin = await adminPage(browser, testInfo, api, staffURL);
  await admin.goto('/freeze');
  await admin.getByRole('searchbox', { name: f.find }).fill(learner.email);
  await admin.getByRole('button', { name: new RegExp(f.find) }).click();
  await admin.getByRole('button', { name: `${f.pick} 备考同学` }).click();
  const freeze = admin.getByRole('button', { name: label(f.freezeButton) });
  await expect(freeze).toBeDisabled();
  await admin.getByRole('textbox', { name: f.reason }).fill('与他人共用账号');
  await shot(admin, testInfo, 'staff-freeze');
  await freeze.click();
  await confirmWithCode(admin, api, staffURL, f.freezeAction);
  await expect(admin.getByText(f.resultFrozen('备考同学', learner.id))).toBeVisible();
  await shot(admin, testInfo, 'staff-freeze-done');

  // The learner comes back to their tab: the app reads the user again, the session is over, it logs out.
  await learnerPage.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(learnerPage.getByRole('status').filter({ hasText: zh.errors.unauthorized })).toBeVisible();
  await expect.poll(() => storedToken(learnerPage)).toBeNull();
  await expect(learnerPage).toHaveURL(/\/login$/);
  await shot(learnerPage, testInfo, 'staff-frozen-learner');

  await admin.goto('/unfreeze');
  await admin.getByRole('button', { name: `${f.pick} 备考同学` }).click();
  await shot(admin, testInfo, 'staff-unfreeze');
  await admin.getByRole('button', { name: label(f.unfreezeButton) }).click();
  await confirmWithCode(admin, api, staffURL, f.unfreezeAction);
  await expect(admin.getByText(f.resultUnfrozen('备考同学', learner.id))).toBeVisible();
  await api.login({ email: learner.email, password: 'e2e-pass-1234' }, staffURL);
  await admin.context().close();
  await learnerPage.context().close();
});
