import { essayCalls, examCalls, userCalls } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { demo, expect, seedToken, shot, STORAGE_KEYS, test as base, zh } from '../fixtures';
import { startAppServer } from '../servers';
import { startSlowJudge } from './slow-judge';

const t = zh.exam;
const c = zh.essay;

/** How long the model judge takes: the essay is 评分中 at least this long, so the learner sees it. */
const JUDGE_DELAY_MS = 6_000;

/**
 * An app server of its own whose essays a second judge (slow-judge.ts) also reads: the built-in judge and the model
 * both score, each with Chinese comments, and the result waits for the slower one.
 */
const test = base.extend<object, { essayURL: string }>({
  essayURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const judge = await startSlowJudge({ delayMs: JUDGE_DELAY_MS, score: 4 });
      const server = await startAppServer(judge.env);
      await use(server.baseURL);
      await server.stop();
      await judge.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

const ESSAY = [
  'I largely agree that local governments should provide financial support to independent local newspapers, because the reason given in the claim is persuasive: without sustained local reporting, citizens have little means of holding nearby officials accountable. However, such support must be designed carefully, or it could weaken the very independence that makes local journalism valuable.',
  'First, local newspapers do work that no one else does. National outlets rarely send reporters to a city council meeting, a school board vote or a zoning hearing. For example, when small towns in the United States lost their only newspaper, studies found that borrowing costs for local governments rose, because nobody was watching how public money was spent. Therefore, supporting local reporting is not charity; it is a way of protecting taxpayers.',
  'Second, the market alone no longer pays for this work. Advertising has moved to large online platforms, and many readers expect news to be free. As a result, even well-run newspapers cannot cover their costs. Public support, such as tax credits for hiring reporters or grants distributed by an independent board, could keep essential coverage alive while new business models develop.',
  'Nevertheless, the objection that government money could buy government influence is serious. A mayor who controls a newspaper’s budget might punish critical stories. For instance, a grant could be cut after an unflattering investigation. To avoid this, funding should be automatic and based on clear rules, such as the number of local reporters employed, rather than on decisions made by the officials being covered.',
  'Some readers also worry about what appears on the page: a comment typed as <script>alert("essay")</script> should simply be shown as text, just as public money should simply pay for reporting and never decide what is reported.',
  'In conclusion, local governments should support independent newspapers, but only through transparent, rule-based mechanisms that protect editorial freedom. In this way, citizens gain the information they need to hold officials accountable, and newspapers keep the independence that makes that information trustworthy.',
].join('\n\n');

/** The app reads its token at start: put another account's in and open a page afresh. */
async function switchTo(page: Page, token: string, path: string) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.token, token] as const);
  await page.goto(path);
}

/** Full-page shots from the top. */
async function snap(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name);
}

test('an essay-only mock: 评分中, the score as a band with Chinese comments, a teacher’s grade the learner then sees', async ({
  page,
  api,
  essayURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const learner = await api.login(demo('VIP'), essayURL);
  const teacher = await api.login(demo('teacher'), essayURL);
  await api.call(userCalls.updateExamEtsMode, { ets_mode: false }, { token: learner, baseURL: essayURL });
  await seedToken(page, learner);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-1', select_kind: 'issue' },
    { token: learner, baseURL: essayURL },
  );

  // The learner writes the essay and submits the section.
  await page.goto(`${essayURL}/exam/${id}`);
  await page.getByRole('button', { name: t.intro.start }).click();
  const editor = page.getByRole('textbox', { name: zh.questions.essayLabel });
  await editor.fill(ESSAY);
  await expect(page.locator('.ge-save')).toHaveText(t.save.saved);
  await page.getByRole('navigation', { name: t.bar.toolbar }).getByRole('button', { name: t.bar.exit }).click();
  await page
    .getByRole('dialog', { name: t.exitDialog.title })
    .getByRole('button', { name: t.exitDialog.confirm })
    .click();
  const showResult = page.getByRole('button', { name: t.end.showResult });
  await expect(page.getByText(t.result.title, { exact: true }).or(showResult)).toBeVisible();
  if (await showResult.isVisible()) await showResult.click();

  // 评分中 while the judges work, then the score as a band — never finer — and the way to the comments.
  const card = page.locator('.ge-score.is-issue');
  await expect(card.locator('.ge-score-status')).toHaveText(t.result.issueStatus.Judging!);
  await expect(card).toContainText(t.result.issueNote.Judging!);
  await snap(page, testInfo, 'essay-result-judging');
  await expect(card.locator('.ge-score-status')).toHaveText(t.result.issueStatus.Finished!, { timeout: 40_000 });
  await expect(card.locator('.ge-score-value')).toHaveText(/^[0-6]\.[05]$/);
  await expect(card.locator('.ge-score-band')).toHaveText(/^可信区间 [0-6]\.[05]–[0-6]\.[05]$/);
  await snap(page, testInfo, 'essay-result');

  await card.getByRole('link', { name: t.result.issueDetail }).click();
  await expect(page).toHaveURL(/\/idea\?essay=\d+$/);
  const essayId = Number(new URL(page.url()).searchParams.get('essay'));
  const text = page.locator('.ges-text');
  // What the learner typed, markup included, is text.
  await expect(text).toContainText('<script>alert("essay")</script>');
  await expect(text.locator('mark').first()).toBeVisible();
  for (const dim of ['position', 'reasoning', 'examples', 'organisation', 'language'])
    await expect(page.getByRole('region', { name: c.dimensions[dim] })).toBeVisible();
  await expect(page.getByText(c.judges.machine!).first()).toBeVisible();
  await expect(page.getByText(c.judges.model!).first()).toBeVisible();
  await expect(page.getByText(/段落安排清楚/)).toBeVisible();
  const commented = page.locator('.ges-comment', { has: page.getByText(c.judges.machine!) }).first();
  await commented.click();
  await expect(commented).toHaveAttribute('aria-pressed', 'true');
  await snap(page, testInfo, 'essay-detail');

  await page.getByRole('button', { name: c.mine.back }).click();
  await expect(page).toHaveURL(/\/idea\?tab=essays$/);
  await expect(page.locator('.gi-essay').first()).toContainText(c.status.Finished!);
  await snap(page, testInfo, 'essay-mine');

  // The teacher grades it from /operate's 作文批改.
  await switchTo(page, teacher, `${essayURL}/operate?tab=essays`);
  const line = page.locator('.gop-essay', { hasText: demo('VIP').name }).first();
  await expect(line).toBeVisible();
  await expect(line).toContainText(c.queue.machineScore(''));
  await snap(page, testInfo, 'essay-queue');
  await line.getByRole('button', { name: new RegExp(c.queue.open) }).click();
  await expect(page).toHaveURL(new RegExp(`essay=${essayId}$`));
  await expect(page.locator('.ges-text')).toContainText('<script>alert("essay")</script>');
  await page.getByRole('combobox', { name: c.queue.form.score }).click();
  await page.getByTitle('5.0', { exact: true }).click();
  await page
    .getByRole('textbox', { name: c.queue.form.comment })
    .fill('立场清楚，例子具体；第三段与论点的联系可以再写明。');
  await snap(page, testInfo, 'essay-grading');
  await page.getByRole('button', { name: c.queue.form.submit }).click();
  await expect(page.getByText(c.queue.form.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/operate\?tab=essays$/);
  await expect(page.locator('.gop-essay', { hasText: demo('VIP').name })).toHaveCount(0);
  const queue = await api.call(essayCalls.queue, {}, { token: teacher, baseURL: essayURL });
  expect(queue.items.map((i) => i.id)).not.toContain(essayId);

  // The learner sees the teacher's score: no band, the teacher's words.
  await switchTo(page, learner, `${essayURL}/idea?essay=${essayId}`);
  const graded = page.locator('.ges-teacher');
  await expect(graded).toContainText('5.0');
  await expect(graded).toContainText('第三段与论点的联系');
  await expect(page.getByRole('group', { name: c.scoreAria(5, null, true) }).first()).toBeVisible();
  await snap(page, testInfo, 'essay-teacher-graded');
  await page.goto(`${essayURL}/exam/${id}`);
  await expect(card.locator('.ge-score-value')).toHaveText('5.0');
  await expect(card.locator('.ge-score-band')).toHaveText(c.teacherScored);
});
