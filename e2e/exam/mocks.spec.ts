import { examCalls, type CreateExamRequest } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { expect, test, zh, type Api } from '../fixtures';
import { answerAnyhow, bar, chineseScreen, exitSection, progress, saved, snap } from './exam-screen';

const t = zh.exam;
/** A mock built in the content wave (issue 19): no question of it is in any other mock. */
const MOCK = 'b-mock-3';

type MockKind = Extract<CreateExamRequest, { source: 'simulate' }>['select_kind'];

async function startMock(page: Page, api: Api, token: string, select_kind: MockKind) {
  await chineseScreen(api, token);
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: MOCK, select_kind, enable_count_up: true },
    { token },
  );
  await page.goto(`/exam/${id}`);
  await expect(page.getByRole('heading', { name: /全真模考 3/ })).toBeVisible();
  await page.getByRole('button', { name: t.intro.start }).click();
  return id;
}

/** Answers every question of the running section through the screen, then moves past its last one. */
async function answerSection(page: Page, total: number) {
  for (let n = 1; n <= total; n += 1) {
    await expect(progress(page, n, total)).toBeVisible();
    await answerAnyhow(page);
    await saved(page);
    await bar(page).getByRole('button', { name: t.bar.next }).click();
  }
  await expect(page.getByRole('heading', { name: t.end.title })).toBeVisible();
  await expect(page.locator('.ge-counts')).toContainText(`${t.end.answered}${t.end.count(total)}`);
}

test('/simulate offers the five mocks', async ({ page, loginAs }, testInfo) => {
  await loginAs('SVIP');
  await page.goto('/simulate');
  for (let n = 1; n <= 5; n += 1) await expect(page.getByText(`全真模考 ${n}`, { exact: true })).toBeVisible();
  await snap(page, testInfo, 'mocks-simulate');
});

for (const area of ['verbal', 'quant'] as const) {
  const label = area === 'verbal' ? 'Verbal' : 'Quant';
  test(`${label} of a new mock end to end: every question answered, section 2 chosen by section 1, result`, async ({
    page,
    api,
    loginAs,
  }, testInfo) => {
    test.setTimeout(180_000);
    await startMock(page, api, await loginAs('SVIP'), area);
    await expect(page.locator('.ge-section-name')).toHaveText(`${label} 第 1 部分`);
    await answerSection(page, 12);
    await page.getByRole('button', { name: t.end.continue }).click();
    await expect(page.locator('.ge-section-name')).toHaveText(`${label} 第 2 部分`);
    await answerSection(page, 15);
    await snap(page, testInfo, `mocks-${area}-end`);
    await page.getByRole('button', { name: t.end.finish }).click();

    await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
    await expect(page.locator('.ge-score').filter({ hasText: t.result[area] })).toContainText(/可能区间 1\d\d–1\d\d/);
    await expect(page.locator('.ge-result-section')).toHaveCount(2);
    await snap(page, testInfo, `mocks-${area}-result`);
  });
}

test('the Issue task of a new mock: an essay written, submitted and judged', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  await startMock(page, api, await loginAs('SVIP'), 'issue');
  await expect(page.locator('.ge-section-name')).toHaveText(/分析性写作/);
  const editor = page.getByRole('textbox', { name: zh.questions.essayLabel });
  await editor.fill(
    'Public institutions should be judged by what they make possible for ordinary people, not by their budgets. '.repeat(
      8,
    ),
  );
  await saved(page);
  await exitSection(page);
  await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
  const essay = page.locator('.ge-score.is-issue');
  await expect(essay.locator('.ge-score-status')).toHaveText(t.result.issueStatus.Finished!, { timeout: 30_000 });
  await expect(essay.locator('.ge-score-value')).toHaveText(/^[0-6]\.[05]$/);
  await snap(page, testInfo, 'mocks-issue-result');
});

test('a full new mock: essay, two Verbal and two Quant sections, one result with four scores', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  test.setTimeout(180_000);
  await startMock(page, api, await loginAs('SVIP'), 'full');
  await page
    .getByRole('textbox', { name: zh.questions.essayLabel })
    .fill('A society that rewards curiosity will, over time, solve more of its problems. '.repeat(8));
  await saved(page);
  await exitSection(page);
  const seen: string[] = [];
  for (let s = 0; s < 4; s += 1) {
    const name = page.locator('.ge-section-name');
    await expect(name).toHaveText(/(Verbal|Quant) 第 [12] 部分/);
    const sectionName = (await name.textContent()) ?? '';
    expect(seen).not.toContain(sectionName);
    seen.push(sectionName);
    await answerAnyhow(page);
    await saved(page);
    await exitSection(page);
    if (s < 3) await expect(name).not.toHaveText(sectionName);
  }
  expect(seen.sort()).toEqual(['Quant 第 1 部分', 'Quant 第 2 部分', 'Verbal 第 1 部分', 'Verbal 第 2 部分']);
  await expect(page.getByText(t.result.title, { exact: true })).toBeVisible();
  await expect(page.locator('.ge-score')).toHaveCount(4);
  await snap(page, testInfo, 'mocks-full-result');
});
