import { examCalls, type Answer, type ExamView } from '@gre/contracts';
import { CallFailed, expect, label, shot, test, zh, type Api } from '../fixtures';

const r = zh.records;

/** A plausible answer for any input kind: the `pick`-th option, so two runs score differently. */
function someAnswer(item: ExamView['sections'][number]['items'][number], pick: number): Answer {
  const im = item.question.input_method;
  const keys = (col: number) => im.option_groups[col]?.options.map((o) => o.key) ?? [];
  const nth = (col: number) => keys(col)[pick % Math.max(1, keys(col).length)] ?? 'A';
  const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
  switch (im.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return { ...blank, multi_selects: [keys(0)[pick % 2]!, keys(0)[2]!] };
    case 'TextFill':
    case 'Fraction':
      return { ...blank, text: String(pick + 1), text2: im.kind === 'Fraction' ? '2' : '' };
    case 'Essay':
      return { ...blank, essay: 'A short essay for the report page.' };
    case 'SelectSentence':
      return { ...blank, selects: ['0'] };
    default:
      return { ...blank, selects: im.option_groups.map((_, col) => nth(col)) };
  }
}

/** Runs a whole exam through the contract calls: start, answer every question of every section, submit each. */
async function finishExam(api: Api, token: string, id: number, pick: number): Promise<void> {
  let rev = (await api.call(examCalls.start, { id, revision: 0 }, { token })).revision;
  for (let section = 0; ; section++) {
    const view = await api.call(examCalls.get, { id }, { token });
    const items = view.sections[section]?.items ?? [];
    for (const [i, item] of items.entries()) {
      if (i > 0)
        rev = (
          await api.call(examCalls.move, { id, revision: rev, section_index: section, question_index: i }, { token })
        ).revision;
      rev = (
        await api.call(
          examCalls.answer,
          { id, revision: rev, section_index: section, question_index: i, answer: someAnswer(item, pick + i) },
          { token },
        )
      ).revision;
    }
    const done = await api.call(examCalls.finishSection, { id, revision: rev, section_index: section }, { token });
    rev = done.revision;
    if (done.status === 'Finished') return;
  }
}

test('a VIP starts a simulation from /simulate, finds it in /record and deletes it', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const token = await loginAs('VIP');
  await page.goto('/simulate');
  await expect(page.getByRole('heading', { name: r.simulate.title, exact: true })).toBeVisible();
  await expect(page.getByText(r.simulate.quotaUnlimited)).toBeVisible();
  await expect(page.locator('.gr-mock')).not.toHaveCount(0);
  await shot(page, testInfo, 'records-simulate');

  await page.getByRole('button', { name: `${r.simulate.start}：全真模考 1` }).click();
  const dialog = page.getByRole('dialog', { name: r.create.simulateTitle('全真模考 1') });
  await expect(dialog.getByRole('switch', { name: r.create.autoCommit })).toBeChecked();
  await dialog.getByText(r.simulateKinds.verbal!, { exact: true }).click();
  await shot(page, testInfo, 'records-simulate-dialog');
  await dialog.getByRole('button', { name: label(r.create.start) }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const { items } = await api.call(examCalls.list, { page: 1, page_size: 50 }, { token });
  const mine = items.find((e) => e.id === id)!;
  expect(mine).toMatchObject({ kind: 'simulate', status: 'NotStart', template_id: 'b-mock-1' });

  await page.goto('/simulate');
  await expect(
    page
      .locator('.gr-mock')
      .filter({ hasText: '全真模考 1' })
      .getByRole('button', { name: new RegExp(r.simulate.resume) }),
  ).toBeVisible();

  await page.goto('/record?kind=simulate');
  const remove = page.getByRole('button', { name: `${r.record.remove}：${mine.name}` }).first();
  await expect(remove).toBeVisible();
  await expect(page.getByRole('radio', { name: r.record.filters.simulate })).toBeChecked();
  await shot(page, testInfo, 'records-record');
  const before = (await api.call(examCalls.list, { page: 1, page_size: 50, kind: 'simulate' }, { token })).total;
  // The newest row is the one just made: its delete button comes first.
  await remove.click();
  const confirm = page.getByRole('dialog', { name: r.record.removeTitle });
  await expect(confirm.getByText(r.record.removeBody(mine.name))).toBeVisible();
  await confirm.getByRole('button', { name: label(r.record.remove) }).click();
  await expect(page.getByText(r.record.removed)).toBeVisible();
  await expect
    .poll(async () =>
      (await api.call(examCalls.list, { page: 1, page_size: 50, kind: 'simulate' }, { token })).items.some(
        (e) => e.id === id,
      ),
    )
    .toBe(false);
  expect((await api.call(examCalls.list, { page: 1, page_size: 50, kind: 'simulate' }, { token })).total).toBe(
    before - 1,
  );
});

test('a trial member’s second simulation is refused with the simulate no-permission dialog', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const token = await loginAs('trial');
  // The quota is one simulation in total, taken when a mock starts; an essay-only one spends it without touching the
  // daily question quota.
  const { remaining } = await api.call(examCalls.simulateList, {}, { token });
  if (remaining !== 0) {
    const { id } = await api.call(
      examCalls.create,
      { source: 'simulate', version: 'b-mock-1', select_kind: 'issue' },
      { token },
    );
    const started = await api.call(examCalls.start, { id, revision: 0 }, { token });
    // Submitted at once, so its prompt is not held from the trial account's other journeys (decision 013).
    await api.call(examCalls.finishSection, { id, revision: started.revision, section_index: 0 }, { token });
  }

  await page.goto('/simulate');
  await expect(page.getByText(r.simulate.quotaUsedUp)).toBeVisible();
  await expect(page.getByText(r.simulate.refusal.sim_no_perm!).first()).toBeVisible();
  await shot(page, testInfo, 'records-simulate-trial');
  await page.getByRole('button', { name: `${r.simulate.start}：全真模考 2` }).click();
  // The true cause: the one simulation is used (not the questions' tier), with the figures and the next action.
  const dialog = page.getByRole('dialog', { name: zh.dialogs.simUsedUpTitle });
  await expect(dialog.getByText(/共可模考 1 次，已用 1 次/)).toBeVisible();
  await expect(dialog.getByText(zh.dialogs.quota.simulateTotalNext)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/simulate$/);

  const refused = await api
    .call(examCalls.create, { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' }, { token })
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(CallFailed);
  expect((refused as CallFailed).err?.kind).toBe('sim_no_perm');
  expect((refused as CallFailed).err?.quota).toMatchObject({ reason: 'simulate', used: 1, limit: 1, period: 'total' });
});

test('the report of a mock shows the trend chart and every attempt', async ({ page, api, loginAs }, testInfo) => {
  const token = await loginAs('SVIP');
  for (const pick of [0, 1]) {
    const { id } = await api.call(
      examCalls.create,
      { source: 'simulate', version: 'b-mock-2', select_kind: 'verbal' },
      { token },
    );
    await finishExam(api, token, id, pick);
  }
  const report = await api.call(examCalls.report, { book_id: 'b-mock-2', window: 'all' }, { token });
  expect(report.attempts.length).toBeGreaterThanOrEqual(2);

  await page.goto('/report/b-mock-2');
  await expect(page.getByRole('heading', { name: r.report.title(report.title) })).toBeVisible();
  const chart = page.getByRole('img', { name: r.report.chartLabel(report.title) });
  await expect(chart.locator('svg')).toBeVisible();
  // Axes, grid lines and one line per series with its points: an empty chart draws only the frame.
  await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(10);
  await expect(page.getByText(`${r.report.average}${r.scores.verbal}`)).toBeVisible();
  const rows = page.locator('.gr-attempts').getByRole('link', { name: new RegExp(r.report.viewResult) });
  await expect(rows).toHaveCount(report.attempts.length);
  await expect(rows.first()).toHaveAttribute('href', `/exam/${report.attempts.at(-1)!.exam_id}`);
  await shot(page, testInfo, 'records-report');

  await page.getByRole('combobox', { name: r.report.windowLabel }).click();
  await page.getByTitle(`${r.report.windowLabel}：${r.report.windows.last_3}`).click();
  await expect(rows).toHaveCount(Math.min(3, report.attempts.length));

  await page.goto('/record?kind=simulate');
  await expect(page.getByRole('link', { name: new RegExp(r.record.trend) }).first()).toBeVisible();
});

test('a book’s 计时练习 and the big bank’s 组卷练习 open the exam screen', async ({ page, api, loginAs }, testInfo) => {
  const token = await loginAs('VIP');
  await page.goto('/exercise_list');
  await page.getByRole('button', { name: '阅读精选 · 进阶' }).click();
  const drawer = page.getByRole('dialog', { name: '阅读精选 · 进阶' });
  await drawer.getByRole('button', { name: new RegExp(r.create.bookTimed) }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);

  await page.goto('/exercise_list/big?category=3&difficulty=medium');
  await page.getByRole('button', { name: new RegExp(r.create.filterButton) }).click();
  const dialog = page.getByRole('dialog', { name: r.create.filterTitle });
  await expect(dialog.getByText(r.create.mathKind)).toBeVisible();
  await dialog.getByRole('spinbutton', { name: r.create.count }).fill('5');
  await shot(page, testInfo, 'records-filter-dialog');
  await dialog.getByRole('button', { name: label(r.create.start) }).click();
  await expect(page).toHaveURL(/\/exam\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const exam = await api.call(examCalls.get, { id }, { token });
  expect(exam).toMatchObject({ kind: 'filter' });
  expect(exam.sections.flatMap((s) => s.items)).toHaveLength(5);
});
