import type { Page, TestInfo } from '@playwright/test';
import { expect, label, shot, test, zh } from '../fixtures';

const p = zh.personal;

const e = zh.exam;
const r = zh.records;

/**
 * The learner's own path to a wrong answer: the big bank's 组卷练习 on numeric entries, one question, answered with a
 * number no question of the bank expects, submitted on the exam screen.
 */
async function practiseWrongly(page: Page, testInfo: TestInfo): Promise<void> {
  await page.goto('/exercise_list/big?category=3&kind=numeric');
  await page.getByRole('button', { name: new RegExp(r.create.filterButton) }).click();
  const dialog = page.getByRole('dialog', { name: r.create.filterTitle });
  await dialog.getByRole('spinbutton', { name: r.create.count }).fill('1');
  await dialog.getByRole('button', { name: label(r.create.start) }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  await page.getByRole('button', { name: e.intro.start }).click();
  await page.getByRole('textbox').fill('-987654');
  await expect(page.locator('.ge-save')).toHaveText(e.save.saved);
  await shot(page, testInfo, 'personal-practice-wrong');
  await page.getByRole('navigation', { name: e.bar.toolbar }).getByRole('button', { name: e.bar.next }).click();
  await expect(page.getByRole('heading', { name: e.end.title })).toBeVisible();
  await page.getByRole('button', { name: e.end.finish }).click();
  await expect(page.getByText(e.result.title, { exact: true })).toBeVisible();
}

test('a wrong answer lands in 错题本; a note with reasons is saved; the wrongs are practised', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('VIP');
  await practiseWrongly(page, testInfo);

  await page.goto('/personal/wrongs');
  await expect(page.getByRole('heading', { name: p.scopes.wrongs, exact: true })).toBeVisible();
  await expect(page.getByText(p.due.title)).toBeVisible();
  const first = page.locator('.gp-list .gb-qitem').first();
  await expect(first).toBeVisible();
  await expect(first.getByText(/错 \d+ 次/)).toBeVisible();
  await shot(page, testInfo, 'personal-wrongs');

  await first.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('review-yours')).toContainText('-987654');
  const note = dialog.getByRole('region', { name: p.note.title });
  await note.getByRole('textbox', { name: p.note.fields.review }).fill('单位换算错了，先写出等式再代入。');
  const reason = note.getByRole('checkbox').first();
  await reason.check();
  await note
    .getByRole('textbox', { name: /具体说明/ })
    .first()
    .fill('<script>alert(1)</script> 百分比与小数混淆');
  await note.getByRole('button', { name: label(p.note.save) }).click();
  await expect(page.getByText(p.note.saved)).toBeVisible();
  await shot(page, testInfo, 'personal-note');

  // The saved note comes back from the server when the review is opened again, the script text as plain text.
  await dialog.getByRole('button', { name: zh.common.close }).click();
  await page.reload();
  await page.locator('.gp-list .gb-qitem').first().click();
  const again = page.getByRole('dialog').getByRole('region', { name: p.note.title });
  await expect(again.getByRole('textbox', { name: p.note.fields.review })).toHaveValue(
    '单位换算错了，先写出等式再代入。',
  );
  await expect(again.getByRole('textbox', { name: /具体说明/ }).first()).toHaveValue(
    '<script>alert(1)</script> 百分比与小数混淆',
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: label(p.list.practise) }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  await expect(page.locator('body')).not.toContainText(zh.routeError.title);
  await shot(page, testInfo, 'personal-practise-exam');

  await page.goto('/personal');
  await expect(page.getByRole('heading', { name: p.index.title })).toBeVisible();
  await shot(page, testInfo, 'personal-index');
});
