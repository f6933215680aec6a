import type { Page } from '@playwright/test';
import { examCalls } from '@gre/contracts';
import { assistantCopy as t } from '../../apps/web/src/i18n/zh-CN.assistant';
import { demo, expect, seedToken, shot, test, zh } from '../fixtures';
import { phoneWidth } from '../mail/mail-steps';

/** The assistant's newest reply, once written: its bubble, with its sources and actions. */
async function lastReply(page: Page) {
  const dialog = page.getByRole('dialog').last();
  await expect(dialog.getByText(t.typing)).toHaveCount(0, { timeout: 30_000 });
  const reply = dialog.getByRole('article', { name: t.assistant }).last();
  await expect(reply).toBeVisible();
  return reply;
}

/** A shot from the top of the page, where a fixed dialog then shows on a phone's full-page picture too. */
async function snap(page: Page, testInfo: Parameters<typeof shot>[1], name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name);
}

// Issue 18's journey: a learner asks the 助教 tab of a question's chat dialog why an option is wrong (search review:
// the answer is the learner's to see there), then asks 问助教 on /home what to study today and follows its action.

test('the assistant answers why an option is wrong with its sources, then plans today and its action leads there', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(150_000);
  await phoneWidth(page, testInfo);
  const learner = await api.login(demo('VIP'));
  await seedToken(page, learner);

  // A question in review (search): 讨论 opens the chat dialog, whose 助教 tab is about this question.
  await page.goto('/search?q=coral');
  await page.locator('.gs-item').first().click();
  await page.getByRole('dialog').first().getByRole('button', { name: /讨论/ }).click();
  const chat = page.getByRole('dialog', { name: zh.posts.chat.title });
  await chat.getByRole('tab', { name: t.tab }).click();
  for (const s of t.suggestions.question) await expect(chat.getByText(s, { exact: true })).toBeVisible();
  const input = chat.getByRole('textbox', { name: t.inputLabel });
  await input.fill('为什么 C 不对？');
  await input.press('Enter');
  await expect(chat.getByRole('article', { name: t.learner }).last()).toHaveText('为什么 C 不对？');
  const why = await lastReply(page);
  await expect(why.locator('.gas-text')).not.toBeEmpty();
  await expect(why.locator('.gas-sources .ant-tag').first()).toBeVisible();
  await snap(page, testInfo, 'assistant-question');
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();

  // /home 问助教: the progress assistant, full-screen on a phone; 今天该复习什么？ answers with a next step to follow.
  await page.goto('/home');
  await page.getByRole('button', { name: new RegExp(zh.home.quick.assistant) }).click();
  const dialog = page.getByRole('dialog', { name: t.title });
  await dialog.getByText(t.suggestions.progress[1]!, { exact: true }).click();
  const plan = await lastReply(page);
  await expect(plan.locator('.gas-text')).not.toBeEmpty();
  const action = plan.locator('.gas-action').first();
  await expect(action).toBeVisible();
  await snap(page, testInfo, 'assistant-today');
  const link = await action.getAttribute('href');
  expect(link).toMatch(/^\//);
  await action.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === link!.split('?')[0]);
  await snap(page, testInfo, 'assistant-action');

  // The conversation is kept: 历史对话 lists it to continue.
  await page.goto('/home');
  await page.getByRole('button', { name: new RegExp(zh.home.quick.assistant) }).click();
  await page
    .getByRole('dialog', { name: t.title })
    .getByRole('button', { name: new RegExp(t.list.title) })
    .click();
  await expect(
    page.getByRole('list', { name: t.list.title }).getByText(t.suggestions.progress[1]!).first(),
  ).toBeVisible();
  await snap(page, testInfo, 'assistant-list');
});

// The exam result's review renders without antd and keeps Esc and Tab to its own dialog: 问助教 opens in place under
// the question, and answers about it now that the exam is finished.
test('问助教 in a finished exam’s review answers about that question in place', async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  await phoneWidth(page, testInfo);
  const token = await api.login(demo('VIP'));
  const { id } = await api.call(
    examCalls.create,
    { source: 'filter', filter: { category: 1, kind: 'tc1' }, count: 2, include_done: true, enable_count_up: true },
    { token },
  );
  let rev = (await api.call(examCalls.start, { id, revision: 0 }, { token })).revision;
  const view = await api.call(examCalls.get, { id }, { token });
  for (const [i, item] of (view.sections[0]?.items ?? []).entries()) {
    const at = { id, section_index: 0, question_index: i };
    if (i > 0) rev = (await api.call(examCalls.move, { ...at, revision: rev }, { token })).revision;
    const first = item.question.input_method.option_groups[0]!.options[0]!.key;
    const answer = { selects: [first], multi_selects: [], text: '', text2: '', essay: '' };
    rev = (await api.call(examCalls.answer, { ...at, revision: rev, answer }, { token })).revision;
  }
  const done = await api.call(examCalls.finishSection, { id, revision: rev, section_index: 0 }, { token });
  expect(done.status).toBe('Finished');

  await seedToken(page, token);
  await page.goto(`/exam/${id}`);
  await expect(page.getByText(zh.exam.result.title, { exact: true })).toBeVisible();
  await page.locator('.ge-result-section').first().getByRole('button', { name: '1', exact: true }).click();
  const review = page.getByRole('dialog');
  await review.getByRole('button', { name: new RegExp(t.entry) }).click();
  await review.getByText(t.suggestions.question[1]!, { exact: true }).click();
  await expect(review.getByRole('article', { name: t.learner }).last()).toHaveText(t.suggestions.question[1]!);
  const reply = await lastReply(page);
  await expect(reply.locator('.gas-text')).not.toBeEmpty();
  await expect(reply.locator('.gas-sources .ant-tag').first()).toBeVisible();
  await reply.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'assistant-exam-review');
});
