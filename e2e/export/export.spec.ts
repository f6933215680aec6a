import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { craftCalls, examCalls, type Answer } from '@gre/contracts';
import { exportCopy } from '../../apps/web/src/i18n/zh-CN.export';
import { expect, isPhone, seedToken, shot, test, type Api } from '../fixtures';
import { newLearner, phoneWidth } from '../mail/mail-steps';

const c = exportCopy;
const screenshots = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** A math practice answered with the last option everywhere (mostly wrong), submitted: the wrong-answer book fills. */
async function wrongMath(api: Api, token: string): Promise<string[]> {
  const { id } = await api.call(
    examCalls.create,
    { source: 'filter', filter: { category: 3 }, count: 4, include_done: true, enable_count_up: true },
    { token },
  );
  let rev = (await api.call(examCalls.start, { id, revision: 0 }, { token })).revision;
  const view = await api.call(examCalls.get, { id }, { token });
  const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
  for (const [i, item] of view.sections[0]!.items.entries()) {
    if (i > 0)
      rev = (await api.call(examCalls.move, { id, revision: rev, section_index: 0, question_index: i }, { token }))
        .revision;
    const im = item.question.input_method;
    const last = im.option_groups[0]?.options.at(-1)?.key ?? 'A';
    const answer: Answer =
      im.kind === 'TextFill' || im.kind === 'Fraction'
        ? { ...blank, text: '7', text2: im.kind === 'Fraction' ? '9' : '' }
        : im.kind === 'MultiSelect'
          ? { ...blank, multi_selects: [last] }
          : { ...blank, selects: [last] };
    rev = (
      await api.call(examCalls.answer, { id, revision: rev, section_index: 0, question_index: i, answer }, { token })
    ).revision;
  }
  await api.call(examCalls.finishSection, { id, revision: rev, section_index: 0 }, { token });
  return view.sections[0]!.items.map((item) => item.question.id);
}

test('a learner exports wrong, collected and noted questions as a PDF and downloads it; every page looked at', async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(180_000);
  await phoneWidth(page, testInfo);
  const { token } = await newLearner(api, testInfo, 'export');
  const ids = await wrongMath(api, token);
  await api.call(
    craftCalls.updateV2,
    {
      update_kind: 'Collect',
      craft_id: 0,
      question_id: ids[0]!,
      craft: { collect: { collected: true } },
      q_category: 3,
    },
    { token },
  );
  await api.call(
    craftCalls.updateV2,
    {
      update_kind: 'Note',
      craft_id: 0,
      question_id: ids[1]!,
      craft: { note: { text_input: { review: '通分后再比较大小，别忘了分母相同。', new_way: '先估算再精算' } } },
      q_category: 3,
    },
    { token },
  );

  await seedToken(page, token);
  await page.goto('/export');
  await expect(page.getByRole('heading', { name: c.title })).toBeVisible();
  await expect(page.getByText(c.list.empty)).toBeVisible();
  await shot(page, testInfo, 'export-empty');

  // PDF is the default; all three parts are ticked.
  await expect(page.getByRole('radio', { name: c.kinds.pdf })).toBeChecked();
  for (const part of Object.values(c.parts)) await expect(page.getByRole('checkbox', { name: part })).toBeChecked();
  await page.getByRole('button', { name: /开始导出/ }).click();
  await expect(page.getByText(c.form.started)).toBeVisible();

  const item = page.getByRole('listitem', { name: `${c.kinds.pdf} ${c.status.Done}` });
  await expect(item).toBeVisible({ timeout: 90_000 });
  await shot(page, testInfo, 'export-done');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: c.list.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gre-questions-\d{8}-\d+\.pdf$/);
  const saved = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  if (isPhone(testInfo)) return;
  // The pages as a reader sees them (poppler's pdftoppm; scripts/ensure-browser.sh installs it with the browser).
  const pages = testInfo.outputPath('pages');
  mkdirSync(pages, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', saved, join(pages, 'page')]);
  const images = readdirSync(pages)
    .filter((f) => f.endsWith('.png'))
    .sort();
  expect(images.length).toBeGreaterThan(0);
  const out = join(screenshots, testInfo.project.name);
  mkdirSync(out, { recursive: true });
  for (const [i, image] of images.entries())
    copyFileSync(join(pages, image), join(out, `export-pdf-page-${i + 1}.png`));
  expect(existsSync(join(out, 'export-pdf-page-1.png'))).toBe(true);
});

test('the export page on a phone: the form above the list, an export running then done', async ({
  page,
  api,
}, testInfo) => {
  await phoneWidth(page, testInfo);
  const { token } = await newLearner(api, testInfo, 'export-json');
  await seedToken(page, token);
  await page.goto('/export');
  await page.getByRole('radio', { name: c.kinds.json }).check();
  await expect(page.getByRole('checkbox', { name: c.parts.wrongs })).toHaveCount(0);
  await page.getByRole('button', { name: /开始导出/ }).click();
  await expect(page.getByRole('listitem', { name: `${c.kinds.json} ${c.status.Done}` })).toBeVisible({
    timeout: 90_000,
  });
  await shot(page, testInfo, 'export-json');
});
