import { demo, expect, label, shot, test, zh } from '../fixtures';
import { newLearner, noticeMail, phoneWidth, sendNoticeFromConsole, useSession } from './mail-steps';

const m = zh.mail;

// Issue 15's mail journey: an operator writes a notice to one learner in /operate; the job delivers it; the learner
// sees the count on the nav's bell, finds the notice under 通知 on /mail and reads it; its link opens the notice
// without a login (with 登录查看更多), and a link with another token opens nothing.

test('an operator sends a notice; the learner sees the badge and the mail, and its link opens logged out', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(120_000);
  await phoneWidth(page, testInfo);
  const learner = await newLearner(api, testInfo, 'mail');
  const subject = `寒假集训营开放报名 ${testInfo.project.name}-${Date.now().toString(36)}`;
  const operator = await api.login(demo('operator'));

  await sendNoticeFromConsole(page, operator, {
    subject,
    content: '集训营将于 1 月 10 日开始，每天 3 小时。\n名额有限，请尽早报名。\n\n报名方式见“资料下载”页。',
    userIds: [learner.id],
  });
  await shot(page, testInfo, 'operate-notices');
  const mail = await noticeMail(api, learner.token, subject);
  expect(mail.link).toMatch(new RegExp(`^/notice/${learner.id}/\\d+/[A-Za-z0-9_-]{43}$`));

  // The learner: the bell counts the notice, 通知 holds it unread.
  await useSession(page, learner.token);
  await page.goto('/mail?race=notice');
  const bell = page.locator('.gm-bell');
  await expect(bell).toHaveAttribute('aria-label', m.badge.label(1));
  await expect(bell.locator('.ant-badge-count')).toHaveText('1');
  const tab = page.getByRole('tab', { name: new RegExp(`^${m.races.notice}`) });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(tab).toContainText(m.badge.unread(1));
  const head = page.getByRole('button', { name: new RegExp(subject) });
  await expect(head).toContainText(m.page.unread);
  await shot(page, testInfo, 'mail-unread');

  // Opened: the body as the operator wrote it (paragraphs and a line break), read, the badge gone.
  await head.click();
  const body = page.locator('.gm-html');
  await expect(body.locator('p')).toHaveCount(2);
  await expect(body.locator('p').first()).toContainText('名额有限，请尽早报名。');
  await expect(head).not.toContainText(m.page.unread);
  await expect(bell).toHaveAttribute('aria-label', m.badge.label(0));
  await expect(bell.locator('.ant-badge-count')).toHaveCount(0);
  await shot(page, testInfo, 'mail-notice-open');

  // 提醒设置: the six kinds, each on.
  // The button's name starts with its icon's.
  await page.getByRole('button', { name: new RegExp(label(m.page.settings).source.slice(1)) }).click();
  const settings = page.getByRole('dialog', { name: m.settings.title });
  for (const kind of Object.values(m.settings.kinds))
    await expect(settings.getByRole('switch', { name: kind })).toHaveAttribute('aria-checked', 'true');
  await shot(page, testInfo, 'mail-settings');
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  // The notice's own link, read without a login.
  await useSession(page, null);
  await page.goto(mail.link!);
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.locator('.gm-html')).toContainText('集训营将于 1 月 10 日开始');
  await expect(page.getByRole('link', { name: label(m.notice.login) })).toHaveAttribute('href', '/login');
  await expect(page.locator('.gm-bell')).toHaveCount(0);
  await shot(page, testInfo, 'notice-logged-out');

  // Another learner's id with the same token: nothing but the not-found page.
  await page.goto(mail.link!.replace(`/notice/${learner.id}/`, `/notice/${learner.id + 1}/`));
  await expect(page.getByText(m.notice.notFound)).toBeVisible();
  await expect(page.getByText(subject)).toHaveCount(0);
  await shot(page, testInfo, 'notice-not-found');
});
