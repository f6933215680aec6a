import { userCalls } from '@gre/contracts';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { adminCopy } from '../../apps/web/src/i18n/zh-CN.admin';
import { demo, expect, seedToken, test as base, uniqueEmail, type Api } from '../fixtures';
import { startAppServer } from '../servers';

export { adminCopy };
const o = adminCopy.opCheck;

/**
 * The staff journeys run on an app server of their own: every confirmation code goes to the one admin address, at
 * most one a minute, and other suites' codes to that address on the shared server would make these wait or fail.
 */
export const test = base.extend<object, { staffURL: string }>({
  staffURL: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // A fresh database migrated and seeded: on a machine busy with other runs that can take minutes.
      // Codes to one address 20 s apart, not 60: long enough that a journey sees the dialog wait for the next code.
      const server = await startAppServer({ CODE_RESEND_SECONDS: '20' }, 240);
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 270_000 },
  ],
});

export const ADMIN_EMAIL = demo('admin').email;

/** A new learner on the staff server, registered through the API: token, id and address. */
export async function newLearner(api: Api, url: string, testInfo: TestInfo, prefix: string) {
  const email = uniqueEmail(testInfo, prefix);
  await api.call(userCalls.emailSendCode, { email, purpose: 'register' }, { baseURL: url });
  const session = await api.call(
    userCalls.register,
    { account: email, code: await api.latestCode(email, url), password: 'e2e-pass-1234', name: '备考同学' },
    { baseURL: url },
  );
  return { token: session.token, id: session.user.id, email };
}

/** A page of its own (its own localStorage) logged in with `token`, at ui.md's phone width on the phone project. */
export async function pageAs(browser: Browser, testInfo: TestInfo, url: string, token: string): Promise<Page> {
  const phone = testInfo.project.name === 'phone';
  const context = await browser.newContext({
    baseURL: url,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await context.newPage();
  await seedToken(page, token);
  return page;
}

/** The admin's page on the staff server. */
export async function adminPage(browser: Browser, testInfo: TestInfo, api: Api, url: string): Promise<Page> {
  return pageAs(browser, testInfo, url, await api.login(demo('admin'), url));
}

/** Finds a user on the 用户 tab by e-mail and opens the drawer. */
export async function openUser(admin: Page, email: string, name: string): Promise<Locator> {
  await admin.goto('/web_manage?tab=users');
  await admin.getByRole('searchbox', { name: adminCopy.users.search }).fill(email);
  await admin.getByRole('button', { name: new RegExp(adminCopy.users.search) }).click();
  await admin
    .getByRole('button', { name: `${adminCopy.users.open} ${name}` })
    .first()
    .click();
  const drawer = admin.getByRole('dialog').filter({ hasText: adminCopy.drawer.info });
  await expect(drawer.getByText(adminCopy.drawer.balance(0))).toBeVisible();
  return drawer;
}

/** The confirmation-code dialog of `action`. */
export function codeDialog(page: Page, action: string): Locator {
  return page.getByRole('dialog').filter({ hasText: o.title(action) });
}

/**
 * Completes the confirmation-code dialog as the admin would: waits until a code has gone out (a code used less than a
 * minute ago makes the dialog wait and send by itself; one refused as too frequent is asked for again), reads it the
 * way other suites read verification codes (/api/debug/info from this machine), types it and confirms.
 */
export async function confirmWithCode(page: Page, api: Api, url: string, action: string): Promise<void> {
  const dialog = codeDialog(page, action);
  await expect(dialog).toBeVisible();
  // Either the code just sent or the one still unused from a moment ago.
  const sent = dialog.getByText(/^验证码已发送至/);
  const resend = dialog.getByRole('button', { name: /获取验证码|重新获取/ });
  await expect(async () => {
    if (await sent.isVisible()) return;
    if ((await resend.isVisible()) && (await resend.isEnabled())) await resend.click();
    await expect(sent).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 80_000, intervals: [1_000] });
  const code = await api.latestCode(ADMIN_EMAIL, url);
  await dialog.getByLabel(o.code).fill(code);
  await dialog.getByRole('button', { name: /确认执行/ }).click();
  await expect(dialog).toBeHidden();
}
