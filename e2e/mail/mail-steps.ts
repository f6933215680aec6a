import { mailCalls, userCalls, type Mail } from '@gre/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, isPhone, label, seedToken, STORAGE_KEYS, uniqueEmail, zh, type Api } from '../fixtures';

const c = zh.mail.console;

/** A new learner (registered through the API, so the inbox starts empty): the token and the user id. */
export async function newLearner(api: Api, testInfo: TestInfo, prefix: string) {
  const email = uniqueEmail(testInfo, prefix);
  await api.call(userCalls.emailSendCode, { email, purpose: 'register' });
  const session = await api.call(userCalls.register, {
    account: email,
    code: await api.latestCode(email),
    password: 'e2e-pass-1234',
    name: '备考同学',
  });
  return { token: session.token, id: session.user.id };
}

/** ui.md's phone width is 390 px; the phone project's device is a little wider. */
export async function phoneWidth(page: Page, testInfo: TestInfo) {
  if (isPhone(testInfo)) await page.setViewportSize({ width: 390, height: 844 });
}

/** Switches the tab to another session (or none), as a new visit: the app reads the token at start. */
export async function useSession(page: Page, token: string | null) {
  await page.evaluate(
    ([key, value]) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
    [STORAGE_KEYS.token, token] as const,
  );
}

/** Sends a notice from /operate's 通知 tab to the named users, through the form and its confirm step. */
export async function sendNoticeFromConsole(
  page: Page,
  operatorToken: string,
  notice: { subject: string; content: string; userIds: number[] },
) {
  await seedToken(page, operatorToken);
  await page.goto('/operate?tab=notices');
  await page.getByLabel(c.form.subject).fill(notice.subject);
  await page.getByLabel(c.form.content).fill(notice.content);
  await page.getByRole('radio', { name: c.form.audienceKinds.users }).check();
  await page.getByLabel(c.form.users).fill(notice.userIds.join(', '));
  await page.getByRole('button', { name: label(c.form.submit) }).click();
  const confirm = page.getByRole('dialog', { name: c.confirm.title });
  await expect(confirm).toContainText(c.confirm.users(notice.userIds.length));
  await confirm.getByRole('button', { name: label(c.confirm.ok) }).click();
  await expect(page.getByText(c.form.sent)).toBeVisible();
  // The list follows the job until the notice is delivered to everyone named.
  const row = page.locator('.ant-list-item', { hasText: notice.subject });
  await expect(row.getByText(c.list.status.Done)).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(c.list.delivered(notice.userIds.length));
}

/** The learner's copy of a notice, once the job has written it. */
export async function noticeMail(api: Api, token: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = await api.call(mailCalls.gets, { race: 'notice', page: 1, page_size: 50 }, { token });
        found = mails.find((m) => m.subject === subject);
        return found !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}
