import {
  permissionCalls,
  questionCalls,
  QUOTA_SUBJECT_NAMES,
  ROLE_NAMES,
  shanghaiDay,
  voucherCalls,
} from '@gre/contracts';
import { adminExtrasCopy } from '../../apps/web/src/i18n/zh-CN.admin-extras';
import { tailorCopy } from '../../apps/web/src/i18n/zh-CN.tailor';
import { voucherCopy } from '../../apps/web/src/i18n/zh-CN.voucher';
import { demo, expect, label, shot, zh } from '../fixtures';
import { ADMIN_EMAIL, adminPage, codeDialog, confirmWithCode, newLearner, pageAs } from '../staff/staff-steps';
import { importTailorSource, TAILOR_SOURCE, test } from './extras-steps';

const q = adminExtrasCopy.quotas;
const r = adminExtrasCopy.reports;
const c = tailorCopy.console;
const e = tailorCopy.editor;
const v = voucherCopy;

/** Journeys of several pages and confirmation codes (a second apart on this server: servers.ts). */
test.setTimeout(120_000);

test('an admin lowers the trial daily verbal quota in 配额; a trial learner hits the new limit at once', async ({
  browser,
  api,
  extrasURL,
}, testInfo) => {
  const admin = await adminPage(browser, testInfo, api, extrasURL);
  await admin.goto('/web_manage?tab=quotas');
  const verbal = admin.getByRole('spinbutton', { name: q.fieldName(ROLE_NAMES.Trail, q.columns.verbal) });
  await expect(verbal)
    .toHaveValue('30', { timeout: 20_000 })
    .catch(() => undefined);
  // The other project may have run on this server first: always a value that differs from the one in force.
  const limit = (await verbal.inputValue()) === '2' ? 3 : 2;
  await verbal.fill(String(limit));
  await shot(admin, testInfo, 'extras-tab-quotas');
  await admin.getByRole('button', { name: label(q.save) }).click();
  await expect(
    codeDialog(admin, q.action).getByText(new RegExp(`${ROLE_NAMES.Trail} · ${q.columns.verbal}`)),
  ).toBeVisible();
  await shot(admin, testInfo, 'extras-quota-confirm');
  await confirmWithCode(admin, api, extrasURL, q.action);
  await expect(admin.getByText(q.saved)).toBeVisible();

  // A new trial learner practises a pick book: each question shown counts, until the one past the limit.
  const learner = await newLearner(api, extrasURL, testInfo, 'quota');
  const page = await pageAs(browser, testInfo, extrasURL, learner.token);
  await page.goto('/exercise_list');
  await page.getByRole('button', { name: '填空精选 · 基础 1' }).click();
  await page
    .getByRole('dialog', { name: '填空精选 · 基础 1' })
    .getByRole('button', { name: label(zh.bank.book.start) })
    .click();
  const viewer = page.locator('.gb-viewer');
  await expect(viewer.getByText(zh.bank.viewer.progress(1, 15))).toBeVisible();
  const refusal = page.getByRole('dialog', { name: zh.dialogs.dayOverflowTitle });
  const next = viewer.getByRole('button', { name: label(zh.bank.viewer.next) });
  // A new learner: the first `limit` questions open; the refusal comes when the next one is fetched, a moment after
  // the viewer moved to it, and covers the viewer — so no click may follow it.
  for (let i = 2; i <= limit; i++) {
    await next.click();
    await expect(viewer.getByText(zh.bank.viewer.progress(i, 15))).toBeVisible();
    await expect(refusal).toBeHidden();
  }
  await next.click();
  await expect(refusal).toBeVisible();
  await expect(
    refusal.getByText(zh.dialogs.quota.day(ROLE_NAMES.Trail, QUOTA_SUBJECT_NAMES.verbal, limit, limit)),
  ).toBeVisible();
  await shot(page, testInfo, 'extras-quota-hit');
  await admin.context().close();
  await page.context().close();
});

test('a teacher builds a tailored book for a learner in /operate; the learner opens it from 我的定制题本', async ({
  browser,
  api,
  extrasURL,
}, testInfo) => {
  const adminToken = await api.login(demo('admin'), extrasURL);
  await importTailorSource(api, extrasURL, adminToken);
  const learner = await newLearner(api, extrasURL, testInfo, 'tailor');
  await api.call(
    permissionCalls.assignCustomTailorUse,
    { user_id: learner.id, delta: 1, op_code: await api.opCode(adminToken, ADMIN_EMAIL, extrasURL) },
    { token: adminToken, baseURL: extrasURL },
  );

  const teacher = await pageAs(browser, testInfo, extrasURL, await api.login(demo('teacher'), extrasURL));
  await teacher.goto('/operate');
  await expect(teacher.getByRole('heading', { name: c.teachTitle })).toBeVisible();
  // Found by the e-mail they registered with: the one learner it finds is picked at once.
  await teacher.getByRole('searchbox', { name: c.learnerSearch }).fill(learner.email);
  await teacher.getByRole('button', { name: label(c.find) }).click();
  await expect(teacher.getByText(c.usesLeft(1))).toBeVisible();
  await teacher.getByRole('button', { name: label(c.create) }).click();

  const editor = teacher.getByRole('dialog').filter({ hasText: e.name });
  await editor.getByRole('textbox', { name: e.name }).fill('填空一周冲刺');
  // Every shipped pick and best book is a source too: the list scrolls, and a click while it is still opening may
  // miss. Pick the source until its questions are the ones offered.
  await expect(async () => {
    await editor.getByRole('combobox', { name: e.source }).click();
    await teacher.locator('.ant-select-dropdown:visible').getByTitle(TAILOR_SOURCE.title).click({ timeout: 3_000 });
    await expect(editor.getByText(e.candidates(TAILOR_SOURCE.questions.length))).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await editor.getByRole('button', { name: `${e.add} q-tc2-001` }).click();
  await editor.getByRole('button', { name: `${e.add} q-tc1-001` }).click();
  await editor.getByRole('button', { name: `${e.up} q-tc1-001` }).click();
  await expect(editor.getByText(e.chosen(2, 200))).toBeVisible();
  await shot(teacher, testInfo, 'extras-tailor-editor');
  await editor.getByRole('button', { name: label(e.save) }).click();
  await expect(teacher.getByText(e.createdUses(0))).toBeVisible();
  await expect(teacher.getByText(c.noUses)).toBeVisible();
  await expect(teacher.getByText('填空一周冲刺')).toBeVisible();
  await shot(teacher, testInfo, 'extras-tailor-console');

  const page = await pageAs(browser, testInfo, extrasURL, learner.token);
  await page.goto('/exercise_list');
  await expect(page.getByRole('heading', { name: tailorCopy.shelf.title })).toBeVisible();
  await shot(page, testInfo, 'extras-tailor-shelf');
  await page.getByRole('button', { name: '填空一周冲刺' }).click();
  const drawer = page.getByRole('dialog', { name: '填空一周冲刺' });
  await expect(drawer.getByText(tailorCopy.shelf.teacher(demo('teacher').name))).toBeVisible();
  await expect(drawer.locator('.gb-qitem')).toHaveCount(2);
  await drawer.locator('.gb-qitem').first().click();
  const viewer = page.locator('.gb-viewer');
  await expect(viewer.getByText(zh.bank.viewer.progress(1, 2))).toBeVisible();
  await shot(page, testInfo, 'extras-tailor-practice');
  await teacher.context().close();
  await page.context().close();
});

test('a learner redeems a voucher on /voucher and sees the tier it gave; the same code again is refused', async ({
  browser,
  api,
  extrasURL,
}, testInfo) => {
  const adminToken = await api.login(demo('admin'), extrasURL);
  const code = `E2E-V-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`.slice(0, 32);
  const now = Math.floor(Date.now() / 1000);
  await api.call(
    voucherCalls.addVoucher,
    {
      code,
      name: '开学体验月',
      grant_kind: 'tier',
      role_kind: 'VIP',
      days: 30,
      use_limit: 10,
      start_stamp: now - 60,
      end_stamp: now + 7 * 86_400,
      op_code: await api.opCode(adminToken, ADMIN_EMAIL, extrasURL),
    },
    { token: adminToken, baseURL: extrasURL },
  );

  const learner = await newLearner(api, extrasURL, testInfo, 'voucher');
  const page = await pageAs(browser, testInfo, extrasURL, learner.token);
  await page.goto('/');
  // Reached from the user menu's 兑换券 (the phone nav's drawer holds the same menu).
  // The menu can open before the page's first render settles and close again under a loaded machine: open it until
  // its item takes the learner there.
  await expect(async () => {
    await page.getByRole('button', { name: testInfo.project.name === 'phone' ? zh.nav.menu : zh.nav.userMenu }).click();
    await page.getByRole('menuitem', { name: zh.nav.voucher }).click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/voucher$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const box = page.getByRole('textbox', { name: v.code });
  await box.fill(code.toLowerCase());
  await shot(page, testInfo, 'extras-voucher');
  await page.getByRole('button', { name: label(v.redeem) }).click();
  await expect(page.getByText(v.success)).toBeVisible();
  await expect(page.getByText(v.grantedTier(ROLE_NAMES.VIP, 30))).toBeVisible();
  await expect(page.getByText(new RegExp(`当前身份：${ROLE_NAMES.VIP}，有效期至`))).toBeVisible();
  await shot(page, testInfo, 'extras-voucher-done');

  await page.getByRole('button', { name: label(v.again) }).click();
  await box.fill(code);
  await page.getByRole('button', { name: label(v.redeem) }).click();
  await expect(page.getByText('你已经兑换过这个兑换码')).toBeVisible();
  await shot(page, testInfo, 'extras-voucher-refused');
  await page.context().close();
});

test('the admin reads 报表 over a range, and /debug copies its whole block', async ({
  browser,
  api,
  extrasURL,
}, testInfo) => {
  // Today has at least one new learner who opened a question.
  const learner = await newLearner(api, extrasURL, testInfo, 'report');
  await api.call(questionCalls.get, { ids: ['q-tc1-001'] }, { token: learner.token, baseURL: extrasURL });
  const adminToken = await api.login(demo('admin'), extrasURL);
  const today = shanghaiDay(Date.now() / 1000);
  const report = await api.call(
    permissionCalls.getReport,
    { from: today, to: today },
    { token: adminToken, baseURL: extrasURL },
  );
  expect(report.days[0]!.new_users).toBeGreaterThanOrEqual(1);
  expect(report.days[0]!.active_learners).toBeGreaterThanOrEqual(1);

  const admin = await pageAs(browser, testInfo, extrasURL, adminToken);
  await admin.goto('/web_manage?tab=reports');
  await expect(admin.getByText(r.totals.users)).toBeVisible();
  await expect(admin.getByText(r.totals.newUsers)).toBeVisible();
  await expect(admin.getByRole('img', { name: r.charts.users })).toBeVisible();
  await expect(admin.getByRole('img', { name: r.charts.sales })).toBeVisible();
  await expect(admin.getByRole('img', { name: r.charts.conversion })).toBeVisible();
  await shot(admin, testInfo, 'extras-tab-reports');

  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await admin.goto('/debug');
  await expect(admin.getByText(zh.debug.tokenEnds)).toBeVisible();
  await admin.getByRole('button', { name: new RegExp(zh.debug.copyAll) }).click();
  await expect(admin.getByText(zh.debug.copied)).toBeVisible();
  const copied = await admin.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`${zh.debug.deviceId}: `);
  expect(copied).toContain(`${zh.debug.serverFlags.pay_provider} sandbox`);
  await shot(admin, testInfo, 'extras-debug');
  await admin.context().close();
});
