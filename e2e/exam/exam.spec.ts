import { examCalls } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { demo, expect, seedToken, test as base, zh } from '../fixtures';
import { answerAnyhow, bar, chineseScreen, exitSection as leaveSection, progress, saved, snap } from './exam-screen';
import { startAppServer } from '../servers';

const t = zh.exam;

/**
 * Section clocks × this on the timed server: Verbal 1 (18 min) lasts 22 s, Verbal 2 (23 min) 28 s — long enough to
 * start, short enough to watch a section run out. Its own server, so no other spec's exams are shortened.
 */
const TIME_SCALE = 0.02;

const test = base.extend<object, { timedURL: string }>({
  timedURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startAppServer({ EXAM_TIME_SCALE: String(TIME_SCALE) });
      await use(server.baseURL);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

async function jumpVia(page: Page, question: number) {
  await bar(page).getByRole('button', { name: t.bar.review }).click();
  await page.getByRole('button', { name: t.review.goTo(question) }).click();
}

test('a VIP takes a verbal simulation: answer, mark, review, resume, submit, result', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await loginAs('VIP');
  await chineseScreen(api, token);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-1', select_kind: 'verbal', enable_count_up: true },
    { token },
  );

  await page.goto(`/exam/${id}`);
  await expect(page.getByRole('heading', { name: /全真模考 1/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Verbal 第 1 部分/ })).toContainText('12 题');
  await snap(page, testInfo, 'exam-start');

  await page.getByRole('button', { name: t.intro.start }).click();
  await expect(progress(page, 1, 12)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', new RegExp(t.bar.timeUsed));
  await page.locator('.ge-main').getByRole('radio').first().click();
  await saved(page);
  await snap(page, testInfo, 'exam-question');

  await bar(page).getByRole('button', { name: t.bar.next }).click();
  await expect(progress(page, 2, 12)).toBeVisible();
  await bar(page).getByRole('button', { name: t.bar.mark }).click();
  await expect(page.locator('.ge-flag-note')).toHaveText(t.bar.marked);
  await saved(page);

  await bar(page).getByRole('button', { name: t.bar.review }).click();
  const rows = page.locator('.ge-review-table tbody tr');
  await expect(rows.nth(0)).toContainText(t.status.Answered!);
  await expect(rows.nth(1)).toContainText(t.status.marked!);
  await expect(rows.nth(2)).toContainText(t.status.NotEncountered!);
  await snap(page, testInfo, 'exam-review');

  await page.getByRole('button', { name: t.review.goTo(5) }).click();
  await expect(progress(page, 5, 12)).toBeVisible();
  await expect(page.locator('.gq-pane-passage')).toBeVisible();
  await page.locator('.gq-pane-question').getByRole('radio').nth(1).click();
  await saved(page);
  await snap(page, testInfo, 'exam-reading');

  // Another visit (a reload, another device) resumes at the saved question with every saved answer.
  await page.reload();
  await expect(progress(page, 5, 12)).toBeVisible();
  await expect(page.locator('.gq-pane-question').getByRole('radio').nth(1)).toHaveAttribute('aria-checked', 'true');

  await jumpVia(page, 12);
  await expect(progress(page, 12, 12)).toBeVisible();
  await bar(page).getByRole('button', { name: t.bar.next }).click();
  await expect(page.getByRole('heading', { name: t.end.title })).toBeVisible();
  await expect(page.locator('.ge-counts')).toContainText('已作答2 题');
  await snap(page, testInfo, 'exam-section-end');
  await page.getByRole('button', { name: t.end.continue }).click();
  await expect(progress(page, 1, 15)).toBeVisible();
  await expect(page.locator('.ge-section-name')).toHaveText('Verbal 第 2 部分');

  await bar(page).getByRole('button', { name: t.bar.exit }).click();
  const dialog = page.getByRole('dialog', { name: t.exitDialog.title });
  await expect(dialog).toContainText(t.exitDialog.unanswered(15));
  await snap(page, testInfo, 'exam-exit');
  await dialog.getByRole('button', { name: t.exitDialog.confirm }).click();

  await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
  await expect(page.locator('.ge-score').first()).toContainText(/可能区间 1\d\d–1\d\d/);
  await expect(page.getByText(t.result.kindsTitle)).toBeVisible();
  await snap(page, testInfo, 'exam-result');

  await page.locator('.ge-result-section').first().getByRole('button', { name: '1', exact: true }).click();
  const review = page.getByRole('dialog');
  await expect(review).toContainText(/你的用时/);
  await expect(review.getByText(zh.questions.review.analysis, { exact: true })).toBeVisible();
  await snap(page, testInfo, 'exam-result-review');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Quant: the calculator computes and transfers its display into a numeric entry', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const token = await loginAs('VIP');
  await chineseScreen(api, token);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-1', select_kind: 'quant', enable_count_up: true },
    { token },
  );
  await page.goto(`/exam/${id}`);
  await page.getByRole('button', { name: t.intro.start }).click();
  await expect(progress(page, 1, 12)).toBeVisible();
  // Question 6 of the first mock's Quant 1 is a numeric entry.
  await jumpVia(page, 6);
  await expect(progress(page, 6, 12)).toBeVisible();
  await bar(page).getByRole('button', { name: t.bar.calculator }).click();
  const calc = page.getByRole('region', { name: t.calc.label });
  for (const key of ['1', '2', '除', '4', '加', '2', '乘', '3', '等于'])
    await calc.getByRole('button', { name: key, exact: true }).click();
  await expect(calc.locator('output')).toHaveText('9');
  await calc.getByRole('button', { name: t.calc.transfer }).click();
  await expect(page.getByRole('textbox')).toHaveValue('9');
  await saved(page);
  await snap(page, testInfo, 'exam-calculator');
  await page.keyboard.press('Escape');
  await expect(calc).toHaveCount(0);
});

test('a timed section ends by itself when its clock runs out', async ({ page, api, timedURL }, testInfo) => {
  test.setTimeout(120_000);
  const token = await api.login(demo('VIP'), timedURL);
  await chineseScreen(api, token, timedURL);
  await seedToken(page, token);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-1', select_kind: 'verbal' },
    { token, baseURL: timedURL },
  );
  await page.goto(`${timedURL}/exam/${id}`);
  await page.getByRole('button', { name: t.intro.start }).click();
  await expect(progress(page, 1, 12)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveAttribute('aria-label', new RegExp(t.bar.timeLeft));

  await bar(page).getByRole('button', { name: t.bar.exit }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.exitDialog.confirm }).click();
  await expect(progress(page, 1, 15)).toBeVisible();
  await page.locator('.ge-main').getByRole('radio').first().click();
  await saved(page);
  await snap(page, testInfo, 'exam-timed');

  await expect(page.getByRole('heading', { name: t.end.timeUp })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(t.end.autoSubmitted)).toBeVisible();
  await expect(page.locator('.ge-counts')).toContainText('已作答1 题');
  await snap(page, testInfo, 'exam-time-up');
  await page.getByRole('button', { name: t.end.showResult }).click();
  await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
});

test('a full timed mock: essay, Verbal and Quant, marks and review, the last section auto-submitted, result and report', async ({
  page,
  api,
  timedURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const token = await api.login(demo('SVIP'), timedURL);
  await chineseScreen(api, token, timedURL);
  await seedToken(page, token);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-1', select_kind: 'full' },
    { token, baseURL: timedURL },
  );
  await page.goto(`${timedURL}/exam/${id}`);
  await expect(page.getByRole('row', { name: /分析性写作/ })).toBeVisible();
  await page.getByRole('button', { name: t.intro.start }).click();

  // Writing comes first: one Issue prompt, a plain editor.
  await expect(page.locator('.ge-section-name')).toHaveText(/分析性写作/);
  const editor = page.getByRole('textbox', { name: zh.questions.essayLabel });
  await editor.fill('Progress in any field depends on people who question what everyone accepts. '.repeat(6));
  await expect(editor).toHaveAttribute('spellcheck', 'false');
  await saved(page);
  await snap(page, testInfo, 'mock-essay');
  const exitSection = () => leaveSection(page);
  await exitSection();

  // Four scored sections follow; in each but the last: answer the first question, mark the second, check the review
  // screen, leave. The last one is left to run out of time.
  const seen: string[] = [];
  for (let s = 0; s < 4; s += 1) {
    const name = page.locator('.ge-section-name');
    await expect(name).toHaveText(/(Verbal|Quant) 第 [12] 部分/);
    const sectionName = (await name.textContent()) ?? '';
    expect(seen).not.toContain(sectionName);
    seen.push(sectionName);
    const total = sectionName.includes('第 1 部分') ? 12 : 15;
    await expect(progress(page, 1, total)).toBeVisible();
    await answerAnyhow(page);
    await saved(page);
    await bar(page).getByRole('button', { name: t.bar.next }).click();
    await bar(page).getByRole('button', { name: t.bar.mark }).click();
    await saved(page);
    await bar(page).getByRole('button', { name: t.bar.review }).click();
    const rows = page.locator('.ge-review-table tbody tr');
    await expect(rows.nth(0)).toContainText(t.status.Answered!);
    await expect(rows.nth(1)).toContainText(t.status.marked!);
    if (s === 0) await snap(page, testInfo, 'mock-review');
    await page.getByRole('button', { name: t.review.goTo(1) }).click();
    if (s < 3) {
      await exitSection();
      await expect(name).not.toHaveText(sectionName);
    }
  }
  expect(seen.filter((n) => n.startsWith('Verbal'))).toHaveLength(2);
  expect(seen.filter((n) => n.startsWith('Quant'))).toHaveLength(2);

  await expect(page.getByRole('heading', { name: t.end.timeUp })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(t.end.autoSubmitted)).toBeVisible();
  await snap(page, testInfo, 'mock-time-up');
  await page.getByRole('button', { name: t.end.showResult }).click();

  await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
  // Verbal, Quant, their total and the essay.
  await expect(page.locator('.ge-score')).toHaveCount(4);
  for (const label of [t.result.verbal, t.result.quant])
    await expect(page.locator('.ge-score').filter({ hasText: label })).toContainText(/可能区间 1\d\d–1\d\d/);
  // The essay is judged within seconds (评分中 until then; the result reads itself again): the score comes as a band,
  // never finer, with the way to the comments.
  const essay = page.locator('.ge-score.is-issue');
  await expect(essay.locator('.ge-score-status')).toHaveText(t.result.issueStatus.Finished!, { timeout: 30_000 });
  await expect(essay.locator('.ge-score-value')).toHaveText(/^[0-6]\.[05]$/);
  await expect(essay.locator('.ge-score-band')).toHaveText(/^可信区间 [0-6]\.[05]–[0-6]\.[05]$/);
  await expect(essay.getByRole('link', { name: t.result.issueDetail })).toHaveAttribute('href', /^\/idea\?essay=\d+$/);
  await snap(page, testInfo, 'mock-result');

  await page.getByRole('link', { name: t.result.reportLink }).click();
  await expect(page).toHaveURL(/\/report\/b-mock-1$/);
  await expect(
    page
      .locator('.gr-attempts')
      .getByRole('link', { name: new RegExp(zh.records.report.viewResult) })
      .first(),
  ).toHaveAttribute('href', `/exam/${id}`);
  await snap(page, testInfo, 'mock-report');
});
