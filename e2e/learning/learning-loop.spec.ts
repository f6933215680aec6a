import { examCalls, userCalls } from '@gre/contracts';
import { expect, label, seedToken, shot, test, uniqueEmail, zh } from '../fixtures';

const v = zh.bank.viewer;
const h = zh.home;

// Issue 12's journey: a new trial learner practises a book with 核对答案; the wrong answer reaches 错题本 and today's
// figures, Esc closes the word pop-up before the practice, and home's quota agrees with the server's counters.

test('a new trial learner checks a wrong answer: 错题本, today and the quota all see it; Esc closes one layer', async ({
  page,
  api,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'loop');
  await api.call(userCalls.emailSendCode, { email, purpose: 'register' });
  const session = await api.call(userCalls.register, {
    account: email,
    code: await api.latestCode(email),
    password: 'e2e-pass-1234',
    name: '新同学',
  });
  await seedToken(page, session.token);

  await page.goto('/exercise_list');
  await page.getByRole('button', { name: '填空精选 · 基础 1' }).click();
  const drawer = page.getByRole('dialog', { name: '填空精选 · 基础 1' });
  await drawer.getByRole('button', { name: label(zh.bank.book.start) }).click();
  const viewer = page.locator('.gb-viewer');
  await expect(viewer.getByText(v.progress(1, 15))).toBeVisible();

  // q-se-001 (六选二): the right pair is animated / lively; scholarly and tedious are wrong.
  await viewer.getByText('scholarly', { exact: true }).click();
  await viewer.getByText('tedious', { exact: true }).click();
  await viewer.getByRole('button', { name: label(v.check) }).click();
  await expect(viewer.getByText(v.wrong)).toBeVisible();
  await shot(page, testInfo, 'loop-checked-wrong');

  // The word pop-up first: Esc closes it and leaves the practice open; a second Esc closes the practice.
  const word = viewer.locator('.gq-words .gq-w').first();
  await word.click();
  const popover = page.locator('.gw-popover');
  await expect(popover).toBeVisible();
  await shot(page, testInfo, 'loop-word-popover');
  // A full-page picture resizes the window for a moment, which may close the pop-up (its word seemed out of view).
  if (!(await popover.isVisible())) await word.click();
  await expect(popover).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.goto('/personal/wrongs');
  const wrong = page.locator('.gp-list .gb-qitem');
  await expect(wrong).toHaveCount(1);
  await expect(wrong.first().getByText(/错 1 次/)).toBeVisible();
  await shot(page, testInfo, 'loop-wrongs');

  // Reopening the book resumes the practice: the checked answer is still there, with its result.
  await page.goto('/exercise_list');
  await page.getByRole('button', { name: '填空精选 · 基础 1' }).click();
  await page
    .getByRole('dialog', { name: '填空精选 · 基础 1' })
    .getByRole('button', { name: label(zh.bank.book.start) })
    .click();
  await expect(page.locator('.gb-viewer').getByText(v.wrong)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/');
  const today = page.locator('.ant-card').filter({ has: page.getByText(h.today.title, { exact: true }) });
  await expect(today.locator('.ant-statistic').filter({ hasText: h.today.questions })).toContainText('1');
  const quota = await api.call(examCalls.quotaToday, {}, { token: session.token });
  const verbal = quota.subjects.find((x) => x.subject === 'verbal')!;
  expect(verbal.used).toBe(1);
  await expect(today.locator('.gr-quota-line')).toContainText(h.today.quotaSubject('语文', verbal.used, verbal.limit));
  await expect(today.locator('.gr-quota-line')).toContainText(h.today.quotaTotal(quota.total.used, quota.total.limit!));
  await shot(page, testInfo, 'loop-home');

  // The practice is in the record, to resume.
  await page.goto('/record');
  // The exam is named by the book's title alone (the subtitle stays on the book's card).
  await expect(page.getByText('填空精选 · 基础 1', { exact: true }).first()).toBeVisible();
  await shot(page, testInfo, 'loop-record');

  // 继续 from the record resumes the same practice in the viewer; 结束练习 finishes it and opens its result.
  await page
    .getByRole('button', { name: new RegExp(zh.records.record.resume) })
    .first()
    .click();
  const resumed = page.locator('.gb-viewer');
  await expect(resumed.getByText(v.wrong)).toBeVisible();
  await resumed.getByRole('button', { name: label(v.finish) }).click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: label(v.finish) })
    .click();
  await expect(page.getByText(zh.exam.result.title).first()).toBeVisible();
  await shot(page, testInfo, 'loop-result');
});
