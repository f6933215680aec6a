import { craftCalls, examCalls, summaryCalls, userCalls, type Daily, type ExamBrief } from '@gre/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { makeBrief } from '../records/test-utils/records-fixtures';

const h = zh.home;

beforeAll(async () => {
  await Promise.all([import('./home-page'), import('./calendar-chart')]);
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

function makeDaily(over: Partial<Daily> = {}): Daily {
  return {
    day: '2026-11-22',
    questions: 12,
    correct: 9,
    accuracy: 75,
    used_time_seconds: 1500,
    words: 30,
    today_aim: 40,
    aim_progress: 30,
    signed_in: false,
    streak: 2,
    due_reviews: 5,
    ...over,
  };
}

interface World {
  daily: Daily;
  signIn: 'ok' | 'conflict';
  due: { due_total: number; daily_cap: number; done_today: number };
  exams: ExamBrief[];
}

/** A server that remembers: signing in turns today's row signed, saving the aim changes the progress. */
function serve(over: Partial<World> = {}) {
  setToken('t'.repeat(43));
  const world: World = {
    daily: makeDaily(),
    signIn: 'ok',
    due: { due_total: 5, daily_cap: 30, done_today: 0 },
    exams: [
      makeBrief({ id: 3, status: 'Finished', updated_at: 300 }),
      makeBrief({
        id: 2,
        name: '填空组卷练习',
        kind: 'filter',
        status: 'Start',
        answered_count: 4,
        question_count: 10,
        updated_at: 200,
      }),
    ],
    ...over,
  };
  let user = makeUser();
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(userCalls.updateTodayAim, (body) => {
      const aim = body.aim;
      user = { ...user, data: { ...user.data, today_aim: aim } };
      world.daily = {
        ...world.daily,
        today_aim: aim,
        aim_progress: Math.min(100, (world.daily.questions / aim) * 100),
      };
      return { data: user };
    }),
    fake(summaryCalls.getDaily, () => ({ data: world.daily })),
    fake(summaryCalls.monthActivity, (body) => ({
      data: {
        month: body.month,
        days: [
          { day: '2026-11-21', questions: 20, signed_in: true },
          { day: '2026-11-22', questions: world.daily.questions, signed_in: world.daily.signed_in },
        ],
      },
    })),
    fake(summaryCalls.signIn, () => {
      if (world.signIn === 'conflict' || world.daily.signed_in) {
        world.daily = { ...world.daily, signed_in: true };
        return { kind: 'conflict' };
      }
      world.daily = { ...world.daily, signed_in: true, streak: world.daily.streak + 1 };
      return { data: { day: world.daily.day, streak: world.daily.streak, best_streak: 7 } };
    }),
    fake(craftCalls.reviewDue, () => ({ data: { items: [], ...world.due } })),
    fake(examCalls.list, () => ({ data: { items: world.exams, total: world.exams.length } })),
    fake(examCalls.create, () => ({ data: { id: 77 } })),
  );
  return { fetch, world };
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const label = (text: string) => new RegExp(`^\\s*${[...text].join('\\s*')}\\s*$`);

describe('home dashboard', { timeout: 30_000 }, () => {
  it("shows today's figures, the aim progress, the streak, the calendar with the signed days, due reviews and the exam to continue", async () => {
    serve();
    renderApp('/');
    expect(await screen.findByText(h.today.aimProgress(12, 40))).toBeTruthy();
    const today = card(h.today.title);
    expect(within(today).getByText(h.today.questions)).toBeTruthy();
    expect(within(today).getByText('75')).toBeTruthy();
    expect(within(today).getByText('25 分钟')).toBeTruthy();
    expect(within(today).getByText('30')).toBeTruthy();
    expect(screen.getByText(h.signIn.streak(2))).toBeTruthy();
    const calendar = await screen.findByRole('img', {
      name: h.calendar.label(h.calendar.month('2026-11'), ['2026-11-21'], 2),
    });
    expect(calendar).toBeTruthy();
    expect(screen.getByText(h.calendar.signedDays(1))).toBeTruthy();
    expect(within(card(h.due.title)).getByText('5')).toBeTruthy();
    expect(within(card(h.resume.title)).getByText('填空组卷练习')).toBeTruthy();
    expect(within(card(h.resume.title)).getByText(zh.records.record.progress(4, 10))).toBeTruthy();
  });

  it('签到 once: the button turns into 今日已签到 with the longer streak, and the calendar ticks today', async () => {
    const { fetch } = serve();
    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: label(h.signIn.button) }));
    expect(await screen.findByText(h.signIn.success(3))).toBeTruthy();
    const done = await screen.findByRole('button', { name: new RegExp(h.signIn.done) });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText(h.signIn.streak(3))).toBeTruthy();
    await screen.findByRole('img', {
      name: h.calendar.label(h.calendar.month('2026-11'), ['2026-11-21', '2026-11-22'], 2),
    });
    expect(bodies(fetch, summaryCalls.signIn.path)).toEqual([{}]);
  });

  it('a sign-in the server refuses as conflict shows its message and then shows 今日已签到', async () => {
    serve({ signIn: 'conflict' });
    renderApp('/home');
    await userEvent.click(await screen.findByRole('button', { name: label(h.signIn.button) }));
    expect(await screen.findByText('今天已经签到过了')).toBeTruthy();
    const done = await screen.findByRole('button', { name: new RegExp(h.signIn.done) });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    // The catalogue's generic conflict text ("数据已被修改…") is not what happened here.
    expect(screen.queryByText(zh.errors.kinds.conflict!)).toBeNull();
  });

  it("saving a new aim sends it and the progress follows today's figures", async () => {
    const { fetch } = serve();
    renderApp('/home');
    const input = await screen.findByRole('spinbutton', { name: h.todayAim });
    await screen.findByText(h.today.aimProgress(12, 40));
    fireEvent.change(input, { target: { value: '12' } });
    await userEvent.click(screen.getByRole('button', { name: label(zh.common.save) }));
    await waitFor(() => expect(bodies(fetch, userCalls.updateTodayAim.path)).toEqual([{ aim: 12 }]));
    expect(await screen.findByText(h.today.aimReached)).toBeTruthy();
    expect(bodies(fetch, summaryCalls.getDaily.path).length).toBeGreaterThanOrEqual(2);
  });

  it('开始复习 makes an exam of the due questions, never more than the daily cap leaves, and opens it', async () => {
    const { fetch } = serve({ due: { due_total: 40, daily_cap: 30, done_today: 18 } });
    const { router } = renderApp('/home');
    const due = await waitFor(() => card(h.due.title));
    expect(await within(due).findByText('12')).toBeTruthy();
    expect(within(due).getByText(h.due.more(28))).toBeTruthy();
    expect(within(due).getByRole('link', { name: h.due.wrongs }).getAttribute('href')).toBe('/personal/wrongs');
    await userEvent.click(within(due).getByRole('button', { name: label(h.due.start) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/77'));
    expect(bodies(fetch, examCalls.create.path)).toEqual([{ source: 'personal', scope: 'due', count: 12 }]);
  });

  it('with the cap reached or nothing due, 开始复习 is disabled and the card says why', async () => {
    serve({ due: { due_total: 4, daily_cap: 30, done_today: 30 } });
    renderApp('/home');
    expect(await screen.findByText(h.due.capReached)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: label(h.due.start) }).disabled).toBe(true);
    queryClient.clear();
    serve({ due: { due_total: 0, daily_cap: 30, done_today: 3 } });
    renderApp('/home');
    expect(await screen.findByText(h.due.none)).toBeTruthy();
  });

  it('继续练习 opens the newest unfinished exam; with none, the card offers 模考', async () => {
    serve({
      exams: [
        makeBrief({ id: 9, name: '全真模考 2', status: 'PartCompleted', updated_at: 500 }),
        makeBrief({ id: 8, name: '旧的练习', kind: 'book', status: 'NotStart', updated_at: 400 }),
      ],
    });
    const { router } = renderApp('/home');
    const resume = await waitFor(() => card(h.resume.title));
    expect(await within(resume).findByText('全真模考 2')).toBeTruthy();
    await userEvent.click(
      within(resume).getByRole('button', { name: new RegExp(h.resume.button.split('').join('\\s*')) }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/9'));
  });

  it('with every exam finished or removed, the resume card has one next action', async () => {
    serve({ exams: [makeBrief({ id: 1, status: 'Finished' }), makeBrief({ id: 2, status: 'Close' })] });
    renderApp('/home');
    expect(await screen.findByText(h.resume.none)).toBeTruthy();
    expect(screen.getByRole('link', { name: h.resume.start }).getAttribute('href')).toBe('/simulate');
  });
});
