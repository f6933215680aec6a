import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../servers';
import { expect, isPhone, shot, test, zh } from '../fixtures';

const c = zh.idea;

/** Every Issue prompt the app ships (content/bank/issue/*.json): the library lists them all, locked ones too. */
const issueDir = join(repoRoot, 'content/bank/issue');
const PROMPTS = readdirSync(issueDir)
  .filter((f) => f.endsWith('.json'))
  .reduce(
    (n, f) => n + (JSON.parse(readFileSync(join(issueDir, f), 'utf8')) as { questions: unknown[] }).questions.length,
    0,
  );

test('a learner opens the Issue library, picks a prompt and reads its outline; a locked prompt asks for membership', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('trial');
  await page.goto('/idea');
  await expect(page.getByText(c.count(PROMPTS))).toBeVisible();

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
    await expect(page.getByText(c.count(PROMPTS))).toBeVisible();
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

test('a prompt with a sample essay shows it apart from the outline, in English', async ({
  page,
  loginAs,
}, testInfo) => {
  await loginAs('trial');
  await page.goto('/idea?q=q-issue-101');
  const outline = page.getByRole('list', { name: c.outline });
  await expect(outline.getByText(c.roles.stance, { exact: true })).toBeVisible();
  await expect(outline.getByText(/范文/)).toHaveCount(0);
  const sample = page.getByRole('region', { name: c.sampleEssay });
  await expect(sample.getByRole('heading', { name: c.sampleEssay })).toBeVisible();
  await expect(sample.locator('p').first()).toHaveText(/^[A-Z]/);
  await sample.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'idea-sample');
});
