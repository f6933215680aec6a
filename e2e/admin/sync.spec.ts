import { questionCalls } from '@gre/contracts';
import type { Page } from '@playwright/test';
import { expect, shot, test, zh } from '../fixtures';

const s = zh.sync;

/** A valid one-blank text completion; the id and stem are per project, since both projects share one server. */
function tc1(id: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    category: 1,
    kind: 'tc1',
    difficulty: 'easy',
    description: 'For each blank select one entry from the corresponding column of choices.',
    inquiry: `Imported by the sync journey (${id}): the critic's review was so {{1}} that even the author's friends winced.`,
    input_method: {
      kind: 'OneBoxFill',
      option_groups: [
        {
          options: ['tepid', 'scathing', 'fulsome', 'candid', 'equivocal'].map((text, i) => ({
            key: 'ABCDE'[i],
            text,
          })),
        },
      ],
      group_size: 1,
      option_size: 5,
    },
    standard_answer: { selects: ['B'] },
    analysis: { text: '“连朋友都皱眉”说明评论非常严厉，选 scathing。', key_words: [], synonyms: [], antonyms: [] },
    brief: `同步导入 ${id}`,
    ...extra,
  };
}

const json = (name: string, value: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
});
const pageButton = (page: Page, name: RegExp) => page.locator('.gs-actions').getByRole('button', { name });
const DRY_RUN = /预\s*检/;
const IMPORT = /导\s*入/;

async function importConfirmed(page: Page) {
  await pageButton(page, IMPORT).click();
  const dialog = page.getByRole('dialog').filter({ hasText: s.actions.confirmTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: IMPORT }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(s.result.title)).toBeVisible();
}

test('an admin dry-runs a broken package, sees every problem with its path, then imports a valid one', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const token = await loginAs('admin');
  const id = `q-e2e-sync-${testInfo.project.name}-${Date.now().toString(36)}`;
  await page.goto('/sync');
  await expect(page.getByText(s.title, { exact: true })).toBeVisible();

  // Broken: one file is not JSON at all, the other gives the answer as a string instead of a list of keys.
  const input = page.getByTestId('sync-files-input');
  await input.setInputFiles([
    json('broken.json', '{ "questions": [ '),
    json('shape.json', { questions: [tc1(`${id}-bad`, { standard_answer: { selects: 'B' } })] }),
  ]);
  await expect(page.getByText(s.files.count(2, 0))).toBeVisible();
  await pageButton(page, DRY_RUN).click();
  await expect(page.getByText(s.summary.invalid(2))).toBeVisible();
  const problems = page.locator('.gs-problems');
  await expect(problems.getByText('broken.json').first()).toBeVisible();
  await expect(problems.getByText(/not valid JSON/)).toBeVisible();
  await expect(problems.getByText('/questions/0/standard_answer/selects')).toBeVisible();
  await expect(pageButton(page, IMPORT)).toBeDisabled();
  await shot(page, testInfo, 'sync-problems');

  // Valid: a fresh selection of one question; import is enabled only after its own dry run.
  await page.getByRole('button', { name: /清\s*空/ }).click();
  await input.setInputFiles([json('bank/verbal/sync.json', { questions: [tc1(id)] })]);
  await expect(pageButton(page, IMPORT)).toBeDisabled();
  await pageButton(page, DRY_RUN).click();
  await expect(page.getByText(s.summary.valid)).toBeVisible();
  await importConfirmed(page);
  await expect(
    page.locator('.gs-result').getByRole('row', { name: new RegExp(`${s.summary.questions}\\s*1\\s*0\\s*1`) }),
  ).toBeVisible();
  await shot(page, testInfo, 'sync-imported');

  // The question is there, with its answer, and the search text was refreshed with the import.
  const got = await api.call(questionCalls.get, { ids: [id] }, { token });
  expect(got.questions[0]).toMatchObject({ id, standard_answer: { selects: ['B'] } });
  const found = await api.call(questionCalls.filter, { category: 1, keyword: id }, { token });
  expect(found.items.map((q) => q.id)).toEqual([id]);

  // The same selection again updates in place: nothing new is created.
  await pageButton(page, DRY_RUN).click();
  await expect(page.getByText(s.summary.valid)).toBeVisible();
  await importConfirmed(page);
  await expect(
    page.locator('.gs-result').getByRole('row', { name: new RegExp(`${s.summary.questions}\\s*0\\s*1\\s*1`) }),
  ).toBeVisible();
  expect((await api.call(questionCalls.filter, { category: 1, keyword: id }, { token })).total).toBe(1);
});

test('a learner opening /sync sees 403', async ({ page, loginAs }, testInfo) => {
  await loginAs('VIP');
  await page.goto('/sync');
  await expect(page.getByText(zh.admin.forbidden)).toBeVisible();
  await shot(page, testInfo, 'sync-forbidden');
});
