import { readFileSync } from 'node:fs';
import { checkQuestion, editorCalls, questionFileSchema, type ContentPassage, type EditorKind } from '@gre/contracts';
import type { Download, Page, TestInfo } from '@playwright/test';
import { sampleDraft } from '../apps/server/src/modules/editor/editor.fixtures';
import { editorCopy as e } from '../apps/web/src/i18n/zh-CN.editor';
import { demo, expect, label, seedToken, shot, STORAGE_KEYS, test, zh } from './fixtures';

// Issue 19 part 5: an operator writes and edits questions in /operate's 题目编辑 — the form, the live preview, the
// content check, drafts, publish, history and export — and a learner sees what was published at once.

/** One kind of each input kind the editor writes (mc_single, the tenth, is typed by hand below). */
const ONE_PER_INPUT_KIND: EditorKind[] = [
  'tc1',
  'tc2',
  'tc3',
  'se',
  'rc_single',
  'rc_multi',
  'rc_select',
  'numeric',
  'fraction',
  'issue',
];

/** A word no shipped question holds, so search finds exactly what this run wrote. */
const markOf = (testInfo: TestInfo) => `ed${testInfo.project.name.slice(0, 2)}${Date.now().toString(36)}`;

async function openEditor(page: Page) {
  await page.goto('/operate?tab=editor');
  await expect(page.getByRole('button', { name: label(e.list.newQuestion) })).toBeVisible();
}

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: e.list.search });
  await box.fill(text);
  await box.press('Enter');
}

/** Opens the list row holding `text` in the workbench. */
async function openRow(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button').first().click();
  await expect(page.getByRole('button', { name: label(e.form.back) })).toBeVisible();
}

const check = (page: Page) => page.getByRole('region', { name: e.check.title });
const preview = (page: Page) => page.getByRole('complementary', { name: e.preview.title });

/** Publishes what is open and returns the id it got (the title names it). */
async function publish(page: Page): Promise<string> {
  await expect(check(page).getByText(e.check.ok)).toBeVisible();
  await page.getByRole('button', { name: label(e.actions.publish) }).click();
  const title = page.getByRole('heading', { name: /^编辑 q-/ });
  await expect(title).toBeVisible();
  return (await title.textContent())!.replace('编辑 ', '').trim();
}

/** The downloaded file parses as a bank file and passes the content check. */
function expectBankFile(download: Download, path: string, ids: string[]) {
  const file = questionFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const passages = new Map<string, ContentPassage>(file.passages.map((p) => [p.id, p]));
  for (const q of file.questions) expect(checkQuestion(q, passages), q.id).toEqual([]);
  for (const id of ids) expect(file.questions.map((q) => q.id)).toContain(id);
  expect(download.suggestedFilename()).toMatch(/^editor-.+\.json$/);
}

async function useSession(page: Page, token: string) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.token, token] as const);
}

test('an operator types a new question with the live preview, saves a draft, publishes and exports it', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(180_000);
  const mark = markOf(testInfo);
  await seedToken(page, await api.login(demo('operator')));
  await openEditor(page);
  await shot(page, testInfo, 'editor-list');

  await page.getByRole('combobox', { name: e.list.newKind }).click();
  await page.getByTitle(e.kinds.mc_single!, { exact: true }).click();
  await page.getByRole('button', { name: label(e.list.newQuestion) }).click();
  await expect(check(page)).toContainText(/需修改后才能发布/);

  await page.getByRole('textbox', { name: e.form.brief }).fill(`加法速算 ${mark}`);
  await page.getByRole('textbox', { name: e.form.stem }).fill(`What is $17 + 25$ when rounded to itself? (${mark})`);
  await expect(preview(page)).toContainText(mark);
  for (const [i, text] of ['32', '42', '52', '62', '72'].entries())
    await page.getByRole('textbox', { name: e.form.option('ABCDE'[i]!) }).fill(text);
  await page
    .getByRole('radiogroup', { name: e.form.answerOf(0) })
    .getByText('B. 42')
    .click();
  await page.getByRole('textbox', { name: e.form.explanation }).fill('$17 + 25 = 42$。答案为 B');
  await expect(check(page).getByText(e.check.ok)).toBeVisible();
  await expect(preview(page).getByText('42', { exact: true }).first()).toBeVisible();
  await shot(page, testInfo, 'editor-form');

  await page.getByRole('button', { name: label(e.actions.save) }).click();
  await expect(page.getByText(e.actions.saved)).toBeVisible();
  const id = await publish(page);
  expect(id).toMatch(/^q-mcs-\d{3}$/);
  await expect(page.getByText(/^已发布 q-mcs-\d{3}/)).toBeVisible();
  await shot(page, testInfo, 'editor-published');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: label(e.actions.exportOne) }).click();
  const download = await downloading;
  const path = testInfo.outputPath('one.json');
  await download.saveAs(path);
  expectBankFile(download, path, [id]);
});

test('a draft of each input kind opens with its preview and publishes', async ({ page, api }, testInfo) => {
  test.setTimeout(240_000);
  const mark = markOf(testInfo);
  const operator = await api.login(demo('operator'));
  for (const kind of ONE_PER_INPUT_KIND)
    await api.call(editorCalls.saveDraft, { body: sampleDraft(kind, mark) }, { token: operator });
  await seedToken(page, operator);
  await openEditor(page);
  await search(page, mark);
  await expect(page.getByRole('row').filter({ hasText: e.statuses.draft! })).toHaveCount(ONE_PER_INPUT_KIND.length);
  await shot(page, testInfo, 'editor-drafts');

  for (const kind of ONE_PER_INPUT_KIND) {
    await openRow(page, `编辑器样题 ${kind} ${mark}`);
    await expect(preview(page)).toContainText(`Sample ${mark}`);
    if (['rc_select', 'se', 'fraction', 'issue'].includes(kind)) await shot(page, testInfo, `editor-kind-${kind}`);
    const id = await publish(page);
    expect(id).toMatch(/^q-[a-z0-9]+-\d{3}$/);
    await page.getByRole('button', { name: label(e.form.back) }).click();
    await search(page, mark);
  }
  await expect(page.getByRole('row').filter({ hasText: e.statuses.published! })).toHaveCount(ONE_PER_INPUT_KIND.length);
});

test('an edit of a shipped question: draft, publish, the learner sees it, history and the export since today', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(180_000);
  const mark = markOf(testInfo);
  await seedToken(page, await api.login(demo('operator')));
  await openEditor(page);
  await search(page, 'q-mcs-001');
  await openRow(page, 'q-mcs-001');
  const stem = page.getByRole('textbox', { name: e.form.stem });
  const before = await stem.inputValue();
  await stem.fill(`${before.replace(/ \(ed\w+\)$/, '')} (${mark})`);
  await expect(preview(page)).toContainText(mark);
  await page.getByRole('button', { name: label(e.actions.save) }).click();
  await expect(page.getByText(e.actions.saved)).toBeVisible();
  await page.getByRole('button', { name: label(e.form.back) }).click();
  await search(page, 'q-mcs-001');
  await expect(page.getByRole('row').filter({ hasText: 'q-mcs-001' })).toContainText(e.statuses.modified!);

  await openRow(page, 'q-mcs-001');
  await expect(stem).toHaveValue(new RegExp(mark));
  await publish(page);
  await page.getByRole('button', { name: label(e.actions.history) }).click();
  const drawer = page.getByRole('dialog', { name: e.history.title });
  await expect(drawer.getByText(e.history.changed).first()).toBeVisible();
  await expect(drawer.locator('.ant-tag', { hasText: e.form.stem }).first()).toBeVisible();
  await shot(page, testInfo, 'editor-history');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: label(e.form.back) }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: label(e.list.exportSinceButton) }).click();
  const download = await downloading;
  const path = testInfo.outputPath('since.json');
  await download.saveAs(path);
  expectBankFile(download, path, ['q-mcs-001']);

  // The learner finds the published stem at once.
  await useSession(page, await api.login(demo('SVIP')));
  await page.goto(`/search?q=${mark}`);
  await page.locator('.gs-item').first().click();
  const viewer = page.getByRole('dialog').first();
  await expect(viewer).toContainText(mark);
  await expect(viewer.getByText(zh.search.viewerTitle(mark))).toBeVisible();
  await shot(page, testInfo, 'editor-learner-sees');
});
