import { examCalls, userCalls } from '@gre/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { expect, isPhone, shot, test, zh } from '../fixtures';

const t = zh.exam;
const ets = zh.ets;

const bar = (page: Page) => page.getByRole('navigation', { name: ets.bar.toolbar });
const saved = (page: Page) => expect(page.locator('.ge-save')).toHaveText(ets.save.saved);

/** Full-page shots from the top, so the sticky bar sits where a learner sees it. */
async function snap(page: Page, testInfo: TestInfo, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, testInfo, name);
}

test('a learner takes a mock in ETS mode: the test’s English labels, Help, and the essay beside its topic with Cut, Paste, Undo and Redo', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await loginAs('SVIP');
  // On by default; said here so the spec does not depend on what another left.
  await api.call(userCalls.updateExamEtsMode, { ets_mode: true }, { token });
  const { id } = await api.call(
    examCalls.create,
    { source: 'simulate', version: 'b-mock-2', select_kind: 'full' },
    { token },
  );

  // The start screen stays Chinese, with the switch; it is remembered through the call.
  await page.goto(`/exam/${id}`);
  const toggle = page.getByRole('switch', { name: t.intro.etsSwitch });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect.poll(async () => (await api.call(userCalls.get, {}, { token })).data.exam_ets_mode).toBe(false);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect.poll(async () => (await api.call(userCalls.get, {}, { token })).data.exam_ets_mode).toBe(true);
  await snap(page, testInfo, 'ets-intro');
  await page.getByRole('button', { name: t.intro.start }).click();

  // Writing first: no Mark or Review, as on the test.
  await expect(page.locator('.ge-section-name')).toHaveText('Analytical Writing');
  await expect(page.getByText(ets.sectionOf(1, 5), { exact: true })).toBeVisible();
  await expect(page.getByText(ets.bar.progress(1, 1), { exact: true })).toBeVisible();
  await expect(bar(page).getByRole('button')).toHaveText(['Exit Section', 'Help', 'Back', 'Next']);
  await expect(page.getByRole('button', { name: 'Hide Time' })).toBeVisible();

  const tools = page.getByRole('group', { name: ets.essay.tools });
  await expect(tools.getByRole('button')).toHaveText(['Cut', 'Paste', 'Undo', 'Redo']);
  const box = page.getByRole('textbox', { name: ets.essay.label });
  const topic = page.locator('.ge-main .gq-stem');
  const [topicBox, responseBox] = [await topic.boundingBox(), await box.boundingBox()];
  // The topic left and the response right on a desktop; the topic above the response on a phone.
  if (isPhone(testInfo)) expect(responseBox!.y).toBeGreaterThanOrEqual(topicBox!.y + topicBox!.height);
  else expect(responseBox!.x).toBeGreaterThanOrEqual(topicBox!.x + topicBox!.width);

  await box.fill('Museums keep artifacts safe. Communities keep them alive.');
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 8));
  await tools.getByRole('button', { name: 'Cut' }).click();
  await expect(box).toHaveValue('keep artifacts safe. Communities keep them alive.');
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.length, el.value.length));
  await tools.getByRole('button', { name: 'Paste' }).click();
  await expect(box).toHaveValue('keep artifacts safe. Communities keep them alive.Museums ');
  await tools.getByRole('button', { name: 'Undo' }).click();
  await expect(box).toHaveValue('keep artifacts safe. Communities keep them alive.');
  await tools.getByRole('button', { name: 'Undo' }).click();
  await expect(box).toHaveValue('Museums keep artifacts safe. Communities keep them alive.');
  await tools.getByRole('button', { name: 'Redo' }).click();
  await expect(box).toHaveValue('keep artifacts safe. Communities keep them alive.');
  await saved(page);
  await expect
    .poll(async () => (await api.call(examCalls.get, { id }, { token })).sections[0]!.items[0]!.action.answer?.essay)
    .toBe('keep artifacts safe. Communities keep them alive.');
  await snap(page, testInfo, 'ets-essay');

  await bar(page).getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: ets.helpScreen.title });
  await expect(help.getByText(ets.helpScreen.writing)).toBeVisible();
  await expect(help.getByText(ets.helpScreen.tools.mark)).toHaveCount(0);
  await shot(page, testInfo, 'ets-help-writing');
  await help.getByRole('button', { name: ets.helpScreen.close }).click();

  await bar(page).getByRole('button', { name: 'Exit Section' }).click();
  await page
    .getByRole('dialog', { name: ets.exitDialog.title })
    .getByRole('button', { name: ets.exitDialog.confirm })
    .click();

  // A scored section: Mark, Review and Help (and Calculator in Quant), "Section 2 of 5", "Question 1 of 12".
  await expect(page.getByText(ets.bar.progress(1, 12), { exact: true })).toBeVisible();
  await expect(page.getByText(ets.sectionOf(2, 5), { exact: true })).toBeVisible();
  const quant = (await page.locator('.ge-section-name').textContent()) === 'Quantitative Reasoning';
  const names = ['Exit Section', 'Review', 'Mark', 'Help', 'Back', 'Next'];
  await expect(bar(page).getByRole('button')).toHaveText(quant ? ['Calculator', ...names] : names);
  const mark = bar(page).getByRole('button', { name: 'Mark' });
  await mark.click();
  await expect(mark).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.ge-flag-note')).toHaveText(ets.bar.marked);
  await saved(page);
  await snap(page, testInfo, 'ets-question');

  await bar(page).getByRole('button', { name: 'Help' }).click();
  await expect(
    page.getByRole('dialog', { name: ets.helpScreen.title }).getByText(ets.helpScreen.tools.mark),
  ).toBeVisible();
  await shot(page, testInfo, 'ets-help');
  await page.keyboard.press('Escape');
  await bar(page).getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('columnheader', { name: 'Question Number' })).toBeVisible();
  await expect(page.locator('.ge-review-table tbody tr').first()).toContainText('Marked');
});
