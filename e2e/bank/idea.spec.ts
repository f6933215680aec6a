import { expect, isPhone, shot, test, zh } from '../fixtures';

const c = zh.idea;

test('a learner opens the Issue library, picks a prompt and reads its outline; a locked prompt asks for membership', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('trial');
  await page.goto('/idea');
  await expect(page.getByText(c.count(23))).toBeVisible();

  await page.getByRole('button', { name: /政府是否应资助地方报纸/ }).click();
  await expect(page).toHaveURL(/\/idea\?q=q-issue-002$/);
  const outline = page.getByRole('list', { name: c.outline });
  await expect(outline.getByText(c.roles.stance, { exact: true })).toBeVisible();
  await expect(outline.getByText(c.pointN(1), { exact: true })).toBeVisible();
  await expect(outline.getByText(c.roles.conclusion, { exact: true })).toBeVisible();
  await expect(page.getByText(/local newspapers/).first()).toBeVisible();
  await shot(page, testInfo, 'idea');

  if (isPhone(testInfo)) {
    // Phone: the prompt is a page of its own; back returns to the list.
    await expect(page.getByText(c.intro)).toBeHidden();
    await page.getByRole('button', { name: c.backToList }).click();
    await expect(page.getByText(c.count(23))).toBeVisible();
  }

  // Keyword search narrows the list; a trial member finds a locked prompt by its title only.
  await page.getByPlaceholder(c.searchPlaceholder).fill('文物');
  await expect(page.getByText(c.count(1))).toBeVisible();
  await page.getByRole('button', { name: /文物应归还原属地/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(zh.dialogs.publicOnlyTitle)).toBeVisible();
  await dialog
    .getByRole('button', { name: /关\s*闭/ })
    .first()
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(c.locked.title)).toBeVisible();
  await shot(page, testInfo, 'idea-locked');
});
