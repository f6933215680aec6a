import { essayCalls, ideaCalls, userCalls, type Essay, type QuotaRefusal } from '@gre/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, sentBody, type FakeReply } from '../../test-utils';
import { briefOf, ESSAY_TEXT, makeEssay } from '../essays/test-utils/essay-fixture';

const c = zh.essay;
const m = c.mine;

beforeAll(async () => {
  await import('./idea-page');
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/** The learner's essays; `get` answers each essay/get in turn (the last one again once they run out). */
function serve(
  essays: Essay[],
  opts: { get?: Essay[]; judge?: (e: Essay) => FakeReply<typeof essayCalls.judge> } = {},
) {
  setToken('t'.repeat(43));
  const gets = [...(opts.get ?? [])];
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(ideaCalls.list, () => ({ data: { items: [], total: 0, page: 1, page_size: 50 } })),
    fake(essayCalls.list, ({ page = 1, page_size = 20 }) => ({
      data: { items: essays.map(briefOf), page_control: { page, page_size, total: essays.length } },
    })),
    fake(essayCalls.get, ({ id }) => {
      const next = gets.length > 1 ? gets.shift()! : gets[0];
      const essay = next ?? essays.find((e) => e.id === id);
      return essay ? { data: { essay } } : { kind: 'not_found' };
    }),
    fake(essayCalls.judge, ({ id }) => opts.judge!(essays.find((e) => e.id === id)!)),
  );
  return { fetch, user: userEvent.setup() };
}

const sent = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));

describe('我的作文 on /idea', { timeout: 30_000 }, () => {
  it('lists the essays with their state and score, and opens one into the URL the mail links to', async () => {
    const judged = makeEssay();
    const judging = makeEssay({ id: 32, status: 'Judging', progress: 40, score: null, band: null, score_source: null });
    const { user } = serve([judging, judged]);
    const { router } = renderApp('/idea');
    await user.click(await screen.findByRole('tab', { name: m.tab }));
    expect(router.state.location.search).toBe('?tab=essays');
    expect(await screen.findByText(m.count(2))).toBeTruthy();
    const lines = screen.getAllByRole('button', { name: new RegExp(judged.title) });
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByText(c.status.Judging!)).toBeTruthy();
    expect(within(lines[1]!).getByText(c.status.Finished!)).toBeTruthy();
    expect(within(lines[1]!).getByRole('group', { name: c.scoreAria(4, { low: 3, high: 5 }) }).textContent).toBe(
      `4.0${c.band(3, 5)}`,
    );
    await user.click(lines[1]!);
    expect(router.state.location.search).toBe('?tab=essays&essay=31');
    expect(await screen.findByText(c.rank('前 30%'))).toBeTruthy();
  });

  it('shows the essay as typed — markup and script as text — with the commented sentences marked', async () => {
    const { user } = serve([makeEssay()]);
    renderApp('/idea?essay=31');
    const text = await screen.findByText((_, el) => el?.classList.contains('ges-text') ?? false);
    expect(text.textContent).toBe(ESSAY_TEXT);
    expect(text.querySelector('script, b')).toBeNull();
    expect([...text.querySelectorAll('mark')].map((x) => x.textContent)).toEqual([
      'Progress depends on asking questions.',
      '<script>alert("x")</script> Students <b>must</b> doubt.',
    ]);
    // The score as a band, never finer; the notes; comments by dimension with their judge.
    expect(screen.getByRole('group', { name: c.scoreAria(4, { low: 3, high: 5 }) })).toBeTruthy();
    expect(screen.getByText(c.bandNote)).toBeTruthy();
    expect(screen.getByText('作文偏短：正式考试的高分作文通常在 400 词以上。')).toBeTruthy();
    const examples = screen.getByRole('region', { name: c.dimensions.examples });
    expect(within(examples).getByText(c.judges.machine!)).toBeTruthy();
    expect(within(examples).getByText(c.judges.model!)).toBeTruthy();
    expect(screen.getByRole('region', { name: c.dimensions.position })).toBeTruthy();
    expect(screen.queryByRole('region', { name: c.dimensions.language })).toBeNull();

    await user.click(screen.getByRole('button', { name: new RegExp('缺少具体例证') }));
    expect(text.querySelector('mark.is-active')?.textContent).toMatch(/^<script>/);
    expect(text.querySelector('mark.is-dim')?.textContent).toBe('Progress depends on asking questions.');
    await user.click(screen.getByRole('button', { name: new RegExp('缺少具体例证'), pressed: true }));
    expect(text.querySelector('mark.is-active')).toBeNull();
  });

  it('a teacher’s grading: the score without a band, the teacher’s comment', async () => {
    const graded = makeEssay({
      score: 5,
      band: null,
      score_source: 'teacher',
      teacher: { name: '王老师', score: 5, comment: '论证清楚。\n例子可以再具体。', stamp: 1_795_100_000 },
    });
    serve([graded]);
    renderApp('/idea?essay=31');
    const card = (await screen.findByText(c.teacher.title)).closest('.ant-card')!;
    expect(within(card as HTMLElement).getByText(/例子可以再具体/)).toBeTruthy();
    expect(screen.getAllByRole('group', { name: c.scoreAria(5, null, true) })).toHaveLength(2);
    expect(screen.queryByText(c.bandNote)).toBeNull();
    expect(screen.queryByText(/可信区间/)).toBeNull();
  });

  it('an essay being judged shows its progress and is read again until it is judged', async () => {
    const judging = makeEssay({ status: 'Judging', progress: 60, score: null, band: null, score_source: null });
    const { fetch } = serve([judging], { get: [judging, makeEssay()] });
    renderApp('/idea?essay=31');
    expect(await screen.findByText(c.judgingHint)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: c.progress(60) })).toBeTruthy();
    expect(
      await screen.findByRole('group', { name: c.scoreAria(4, { low: 3, high: 5 }) }, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(c.judgingHint)).toBeNull();
    expect(sent(fetch, essayCalls.get.path)).toEqual([{ id: 31 }, { id: 31 }]);
  });

  it('未批改: 申请批改 out of the day’s allowance opens the dialog that says the essay judgings are used up', async () => {
    const quota: QuotaRefusal = {
      reason: 'essay',
      subject: null,
      role_name: '会员',
      used: 3,
      limit: 3,
      period: 'day',
      renews_at: 1_795_200_000,
    };
    const empty = makeEssay({
      status: 'Empty',
      score: null,
      band: null,
      score_source: null,
      comments: [],
      notes: [],
      rank: null,
      error: '今日作文批改次数已用完，明天可再申请批改',
    });
    const { fetch, user } = serve([empty], { judge: () => ({ kind: 'day_overflow', quota }) });
    renderApp('/idea?essay=31');
    expect(await screen.findByText('今日作文批改次数已用完，明天可再申请批改')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: c.judge }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(zh.dialogs.quota.essayDay('会员', 3, 3))).toBeTruthy();
    expect(within(dialog).getByText(zh.dialogs.quota.essayDayRenews)).toBeTruthy();
    expect(sent(fetch, essayCalls.judge.path)).toEqual([{ id: 31 }]);
  });

  it('未批改: 申请批改 past a trial account’s lifetime allowance opens the upgrade dialog with the essay figures', async () => {
    const quota: QuotaRefusal = {
      reason: 'essay',
      subject: null,
      role_name: '试用用户',
      used: 1,
      limit: 1,
      period: 'total',
      renews_at: null,
    };
    const empty = makeEssay({ status: 'Empty', score: null, band: null, score_source: null, error: null });
    const { user } = serve([empty], { judge: () => ({ kind: 'limit', quota }) });
    renderApp('/idea?essay=31');
    await user.click(await screen.findByRole('button', { name: c.judge }));
    const dialog = await screen.findByRole('dialog', { name: zh.dialogs.upgradeTitle });
    expect(await within(dialog).findByText(zh.dialogs.quota.essayTotal('试用用户', 1, 1))).toBeTruthy();
    expect(within(dialog).getByText(zh.dialogs.quota.essayTotalNext)).toBeTruthy();
  });

  it('评分失败: 重新批改 asks again and shows the judging start', async () => {
    const failed = makeEssay({
      status: 'Failed',
      score: null,
      band: null,
      score_source: null,
      comments: [],
      notes: [],
      rank: null,
      error: '批改服务暂时不可用',
    });
    const { fetch, user } = serve([failed], {
      judge: (e) => ({ data: { essay: { ...e, status: 'Judging', progress: 0, error: null } } }),
    });
    renderApp('/idea?essay=31');
    expect(await screen.findByText('批改服务暂时不可用')).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.judge })).toBeNull();
    await user.click(screen.getByRole('button', { name: c.rejudge }));
    expect(await screen.findByText(c.judgingHint)).toBeTruthy();
    expect(sent(fetch, essayCalls.judge.path)).toEqual([{ id: 31 }]);
  });

  it('an id that is not one, or another learner’s essay, is not found; back returns to the list', async () => {
    const { user } = serve([makeEssay()]);
    const { router } = renderApp('/idea?essay=abc');
    expect(await screen.findByText(m.notFound)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.back }));
    expect(router.state.location.search).toBe('?tab=essays');
    expect(await screen.findByText(m.count(1))).toBeTruthy();
    await act(() => router.navigate('/idea?essay=99'));
    expect(await screen.findByText(m.notFound)).toBeTruthy();
  });

  it('no essays yet says where essays come from', async () => {
    serve([]);
    renderApp('/idea?tab=essays');
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(screen.getByText(m.emptyHint)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(m.count(0))).toBeNull());
  });
});
