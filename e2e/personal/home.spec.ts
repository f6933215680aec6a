import { examCalls, summaryCalls, type Answer, type ExamView } from '@gre/contracts';
import { expect, label, shot, test, zh, type Api } from '../fixtures';

const h = zh.home;
const a = zh.analyze;

/** The first option of every column: some answers right, some wrong — either way they count as done today. */
function firstOption(item: ExamView['sections'][number]['items'][number]): Answer {
  const im = item.question.input_method;
  const blank: Answer = { selects: [], multi_selects: [], text: '', text2: '', essay: '' };
  const first = (col: number) => im.option_groups[col]?.options[0]?.key ?? 'A';
  switch (im.kind) {
    case 'MultiSelect':
    case 'SixChooseTwo':
      return { ...blank, multi_selects: im.option_groups[0]!.options.slice(0, 2).map((o) => o.key) };
    case 'TextFill':
    case 'Fraction':
      return { ...blank, text: '1', text2: im.kind === 'Fraction' ? '2' : '' };
    case 'Essay':
      return { ...blank, essay: 'A short essay.' };
    case 'SelectSentence':
      return { ...blank, selects: ['0'] };
    default:
      return { ...blank, selects: im.option_groups.map((_, col) => first(col)) };
  }
}

/** A small filling practice answered and submitted through the contract calls, as the exam screen would. */
async function practise(api: Api, token: string, count: number): Promise<void> {
  const { id } = await api.call(
    examCalls.create,
    { source: 'filter', filter: { category: 1 }, count, include_done: true, enable_count_up: true },
    { token },
  );
  let rev = (await api.call(examCalls.start, { id, revision: 0 }, { token })).revision;
  const view = await api.call(examCalls.get, { id }, { token });
  for (const [i, item] of view.sections[0]!.items.entries()) {
    if (i > 0)
      rev = (await api.call(examCalls.move, { id, revision: rev, section_index: 0, question_index: i }, { token }))
        .revision;
    rev = (
      await api.call(
        examCalls.answer,
        { id, revision: rev, section_index: 0, question_index: i, answer: firstOption(item) },
        { token },
      )
    ).revision;
  }
  await api.call(examCalls.finishSection, { id, revision: rev, section_index: 0 }, { token });
}

test('home: sign in, the calendar ticks today, a practice moves today’s figures; /analyze draws the charts', async ({
  page,
  api,
  loginAs,
}, testInfo) => {
  const token = await loginAs('VIP');
  const before = await api.call(summaryCalls.getDaily, {}, { token });

  await page.goto('/home');
  const signInCard = page.locator('.ant-card').filter({ has: page.getByText(h.signIn.title, { exact: true }) });
  // Both projects share the server and the demo VIP: the second one finds today already signed in.
  if (!before.signed_in) {
    await signInCard.getByRole('button', { name: label(h.signIn.button) }).click();
    await expect(page.getByText(/签到成功/)).toBeVisible();
  }
  await expect(signInCard.getByRole('button', { name: new RegExp(h.signIn.done) })).toBeDisabled();
  const after = await api.call(summaryCalls.getDaily, {}, { token });
  expect(after.signed_in).toBe(true);
  await expect(signInCard.getByText(h.signIn.streak(after.streak))).toBeVisible();
  const calendar = signInCard.getByRole('img', { name: new RegExp(`已签到：.*${after.day}`) });
  await expect(calendar).toBeVisible();
  // The tick sits in today's cell as text, not only as a colour.
  await expect(calendar.locator('text').filter({ hasText: '✓' }).first()).toBeAttached();

  // Signing in again (another tab) is refused as a conflict, with the server's words.
  await expect(api.call(summaryCalls.signIn, {}, { token })).rejects.toMatchObject({
    status: 409,
    err: { kind: 'conflict' },
  });

  await practise(api, token, 3);
  await page.reload();
  const todayCard = page.locator('.ant-card').filter({ has: page.getByText(h.today.title, { exact: true }) });
  const questions = todayCard.locator('.ant-statistic').filter({ hasText: h.today.questions });
  await expect(questions).toContainText(String(before.questions + 3));
  await expect(todayCard.getByRole('progressbar', { name: h.today.aimProgressLabel })).toBeVisible();
  await expect(page.getByText(h.resume.title)).toBeVisible();
  // The calendar chart loads lazily after the reload: wait for today's tick before the picture.
  await expect(calendar.locator('text').filter({ hasText: '✓' }).first()).toBeVisible();
  await shot(page, testInfo, 'home-dashboard');

  await page.locator('.gr-quick-link').filter({ hasText: h.quick.analyze }).click();
  await expect(page).toHaveURL(/\/analyze$/);
  await expect(page.getByRole('heading', { name: a.title })).toBeVisible();
  await expect(page.getByRole('img', { name: a.kinds.accuracyLabel })).toBeVisible();
  await expect(page.getByRole('img', { name: a.kinds.timeLabel })).toBeVisible();
  await expect(page.getByRole('img', { name: a.kinds.accuracyLabel }).locator('svg')).toBeAttached();
  await shot(page, testInfo, 'analyze');
});
