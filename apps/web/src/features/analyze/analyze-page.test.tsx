import { questionCalls, summaryCalls, userCalls, type CallResponse, type ScoreWindow } from '@gre/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';

const a = zh.analyze;
const w = zh.records.report;

beforeAll(async () => {
  await Promise.all([import('./analyze-page'), import('./kind-chart'), import('../records/report-chart')]);
}, 60_000);

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const OVERALL: CallResponse<typeof summaryCalls.get> = {
  questions: 120,
  unanswered: 14,
  correct: 90,
  accuracy: 75,
  used_time_seconds: 7200,
  exams_finished: 6,
  days_active: 9,
  streak: 3,
  best_streak: 5,
};
const POINTS = [
  { exam_id: 1, finished_at: 1_790_000_000, verbal: 150, quant: 155, total: 305 },
  { exam_id: 2, finished_at: 1_790_100_000, verbal: 156, quant: 160, total: 316 },
];

type Kind = CallResponse<typeof summaryCalls.getExercise>['kinds'][number];

/** A kind's figures as the server gives them: the accuracy over the answered questions. */
function kind(
  id: string,
  category: number,
  f: { correct: number; answered: number; unanswered: number; avg: number },
): Kind {
  const accuracy = f.answered > 0 ? Math.round((f.correct / f.answered) * 1000) / 10 : null;
  return {
    kind: id,
    category,
    correct: f.correct,
    answered: f.answered,
    unanswered: f.unanswered,
    total: f.answered + f.unanswered,
    accuracy,
    avg_time_seconds: f.avg,
  };
}

/** The windowed calls answer less for narrower windows, as the server's window rule would. */
function serve(overall = OVERALL) {
  setToken('t'.repeat(43));
  const narrow = (window: ScoreWindow) => window !== 'all';
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ kind: 'not_found' })),
    fake(summaryCalls.get, () => ({ data: overall })),
    fake(summaryCalls.getTotalScore, (body) => ({
      data: { points: narrow((body as { window: ScoreWindow }).window) ? POINTS.slice(-1) : POINTS },
    })),
    fake(summaryCalls.getAvgScore, (body) => ({
      data: narrow((body as { window: ScoreWindow }).window)
        ? { verbal: 156, quant: 160, total: 316, count: 1 }
        : { verbal: 153, quant: 157.5, total: 310.5, count: 2 },
    })),
    fake(summaryCalls.refreshRecent, () => ({ data: { days: 12 } })),
    fake(summaryCalls.getExercise, () => ({
      data: {
        kinds: [
          kind('tc1', 1, { correct: 8, answered: 10, unanswered: 0, avg: 50 }),
          kind('qc', 3, { correct: 3, answered: 4, unanswered: 2, avg: 80 }),
        ],
      },
    })),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));

describe('/analyze', { timeout: 30_000 }, () => {
  it('shows the overall figures, the window averages, the score trend and the two charts by kind', async () => {
    const fetch = serve();
    renderApp('/analyze');
    expect(await screen.findByRole('heading', { name: a.title })).toBeTruthy();
    expect(await screen.findByText(a.overall.questions)).toBeTruthy();
    expect(screen.getByText(a.overall.bestStreak(5))).toBeTruthy();
    expect(await screen.findByText(a.averages.count(2))).toBeTruthy();
    expect(await screen.findByRole('img', { name: a.trend.label })).toBeTruthy();
    expect(await screen.findByRole('img', { name: a.kinds.accuracyLabel })).toBeTruthy();
    expect(await screen.findByRole('img', { name: a.kinds.timeLabel })).toBeTruthy();
    for (const call of [summaryCalls.getTotalScore, summaryCalls.getAvgScore, summaryCalls.getExercise])
      expect(bodies(fetch, call.path)).toEqual([{ window: 'all' }]);
  });

  it('states what accuracy means under the figures, with the answered and unanswered counts beside it', async () => {
    serve();
    renderApp('/analyze');
    expect(await screen.findByText(a.overall.definition)).toBeTruthy();
    expect(screen.getByText(a.overall.accuracyNote(90, 120))).toBeTruthy();
    expect(screen.getByText(a.overall.unansweredNote(14))).toBeTruthy();
  });

  it('switching the score window asks the server again for every windowed figure', async () => {
    const fetch = serve();
    renderApp('/analyze');
    await screen.findByText(a.averages.count(2));
    await userEvent.click(screen.getByRole('combobox', { name: w.windowLabel }));
    await userEvent.click(await screen.findByTitle(`${w.windowLabel}：${w.windows.last_5}`));
    await waitFor(() => expect(screen.getByText(a.averages.count(1))).toBeTruthy());
    for (const call of [summaryCalls.getTotalScore, summaryCalls.getAvgScore, summaryCalls.getExercise]) {
      expect(bodies(fetch, call.path)).toEqual([{ window: 'all' }, { window: 'last_5' }]);
    }
    // The overall figures do not depend on the window.
    expect(bodies(fetch, summaryCalls.get.path)).toHaveLength(1);
  });

  it('重新统计近 30 天 explains itself, rebuilds, refetches every figure on the page and says how many days', async () => {
    const fetch = serve();
    renderApp('/analyze');
    await screen.findByText(a.averages.count(2));
    const action = screen.getByRole('button', { name: new RegExp(a.refresh.action) });
    await userEvent.hover(action);
    expect(await screen.findByText(a.refresh.tip)).toBeTruthy();
    await userEvent.click(action);
    expect(await screen.findByText(a.refresh.done(12))).toBeTruthy();
    expect(bodies(fetch, summaryCalls.refreshRecent.path)).toEqual([{}]);
    // The message comes once the page's figures have been asked for again.
    for (const call of [
      summaryCalls.get,
      summaryCalls.getTotalScore,
      summaryCalls.getAvgScore,
      summaryCalls.getExercise,
    ])
      expect(bodies(fetch, call.path)).toHaveLength(2);
  });

  it('with nothing done yet: one empty state with the way to start, no charts', async () => {
    const fetch = serve({
      ...OVERALL,
      questions: 0,
      unanswered: 0,
      correct: 0,
      accuracy: null,
      used_time_seconds: 0,
      exams_finished: 0,
      days_active: 0,
      streak: 0,
      best_streak: 0,
    });
    const { router } = renderApp('/analyze');
    expect(await screen.findByText(a.empty.title)).toBeTruthy();
    expect(screen.queryByRole('img', { name: a.trend.label })).toBeNull();
    expect(bodies(fetch, summaryCalls.getTotalScore.path)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(a.empty.action.split('').join('\\s*')) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exercise_list/big'));
  });
});
