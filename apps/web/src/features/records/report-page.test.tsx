import { applyWindow, examCalls, userCalls, type Attempt, type ScoreWindow } from '@gre/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { DAY, makeAttempt, NOV_22 } from './test-utils/records-fixtures';

const p = zh.records.report;

beforeAll(async () => {
  await Promise.all([import('./report-page'), import('./report-chart')]);
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Five attempts a day apart, the last one today; the third is a verbal-only simulation (no Q, no total).
const ATTEMPTS: Attempt[] = [
  makeAttempt({ exam_id: 11, finished_at: NOV_22 - 4 * DAY, verbal: 150, quant: 152 }),
  makeAttempt({ exam_id: 12, finished_at: NOV_22 - 3 * DAY, verbal: 148, quant: 158 }),
  makeAttempt({ exam_id: 13, finished_at: NOV_22 - 2 * DAY, verbal: 156, quant: null, issue: 'Judging' }),
  makeAttempt({ exam_id: 14, finished_at: NOV_22 - DAY, verbal: 160, quant: 161 }),
  makeAttempt({ exam_id: 15, finished_at: NOV_22, verbal: 158, quant: 165 }),
];

function serve(attempts: Attempt[] = ATTEMPTS) {
  setToken('t'.repeat(43));
  return fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(examCalls.report, (body) => {
      const { book_id, window } = body as { book_id: string; window: ScoreWindow };
      if (book_id === 'b-gone') return { kind: 'not_found' };
      // The server's rule for the total: the shared window over the attempts that have one.
      const kept = window === 'all' ? attempts : applyWindow(attempts, window, NOV_22, (a) => a.total);
      return { data: { book_id, title: '全真模考 1', sub_title: '完整 GRE', attempts: kept } };
    }),
  );
}

const bodies = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
const tableDates = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td')?.textContent);
const average = (label: string) => screen.getByText(`${p.average}${label}`).closest('.ant-statistic') as HTMLElement;

async function pickWindow(window: ScoreWindow) {
  await userEvent.click(screen.getByRole('combobox', { name: p.windowLabel }));
  await userEvent.click(await screen.findByTitle(`${p.windowLabel}：${p.windows[window]}`));
}

describe('/report/:bookID', { timeout: 30_000 }, () => {
  it('loads before display: the title, a trend chart, the averages and every attempt, newest first', async () => {
    vi.useFakeTimers({ now: NOV_22 * 1000, toFake: ['Date'] });
    const fetch = serve();
    renderApp('/report/b-mock-1');
    expect(await screen.findByRole('heading', { name: p.title('全真模考 1') })).toBeTruthy();
    expect(await screen.findByRole('img', { name: p.chartLabel('全真模考 1') })).toBeTruthy();
    expect(tableDates()).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19', '2026-11-18']);
    expect(average('语文').textContent).toContain('154');
    expect(average('总分').textContent).toContain('313');
    expect(screen.getByText('评分中')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: new RegExp(p.viewResult) })[0]!.getAttribute('href')).toBe('/exam/15');
    expect(bodies(fetch, examCalls.report.path)).toEqual([{ book_id: 'b-mock-1', window: 'all' }]);
  });

  it('a window narrows the total through the server and V and Q through the same rule on the client', async () => {
    vi.useFakeTimers({ now: NOV_22 * 1000, toFake: ['Date'] });
    const fetch = serve();
    renderApp('/report/b-mock-1');
    await screen.findByRole('img', { name: p.chartLabel('全真模考 1') });
    await pickWindow('last_3');
    await waitFor(() =>
      expect(bodies(fetch, examCalls.report.path)).toContainEqual({ book_id: 'b-mock-1', window: 'last_3' }),
    );
    // Total: the last three attempts that have one (11-19 has none); V: the last three, whatever Q did.
    await waitFor(() => expect(average('总分').textContent).toContain('316.7'));
    expect(average('语文').textContent).toContain('158');
    expect(tableDates()).toEqual(['2026-11-22', '2026-11-21', '2026-11-20', '2026-11-19']);

    await userEvent.click(screen.getByRole('radio', { name: p.views.verbal }).closest('label')!);
    expect(screen.queryByText(`${p.average}总分`)).toBeNull();
    expect(tableDates()).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);

    await userEvent.click(screen.getByRole('radio', { name: p.views.total }).closest('label')!);
    expect(tableDates()).toEqual(['2026-11-22', '2026-11-21', '2026-11-19']);
  });

  it('a practice book follows its correct rate, without the score views', async () => {
    serve([makeAttempt({ exam_id: 21, verbal: null, quant: null, correct: 9, total_questions: 12 })]);
    renderApp('/report/b-pick-tc-1');
    expect(await screen.findByText(p.rateChartTitle)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: p.views.verbal })).toBeNull();
    expect(average('正确率').textContent).toContain('75');
    expect(screen.getByText('9 / 12')).toBeTruthy();
  });

  it('with no finished attempt: an empty state with one next action', async () => {
    serve([]);
    const { router } = renderApp('/report/b-mock-2');
    expect(await screen.findByText(p.empty)).toBeTruthy();
    expect(screen.queryByRole('img', { name: p.chartLabel('全真模考 1') })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: p.emptyAction }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/simulate'));
  });

  it('a judged essay shows its Analytical Writing score with the band; a teacher’s (a band of one point) without one', async () => {
    vi.useFakeTimers({ now: NOV_22 * 1000, toFake: ['Date'] });
    serve([
      makeAttempt({
        exam_id: 21,
        finished_at: NOV_22 - DAY,
        issue: 'Finished',
        issue_score: { score: 4, low: 3, high: 5 },
      }),
      makeAttempt({
        exam_id: 22,
        finished_at: NOV_22,
        issue: 'Finished',
        issue_score: { score: 5.5, low: 5.5, high: 5.5 },
      }),
    ]);
    renderApp('/report/b-mock-1');
    expect(await screen.findByText(`${p.issueStatus.Finished} 4.0（3.0–5.0）`)).toBeTruthy();
    expect(screen.getByText(`${p.issueStatus.Finished} 5.5`)).toBeTruthy();
  });

  it('an essay written but left unjudged (allowance used up) reads 未批改; one never written 未作答', async () => {
    vi.useFakeTimers({ now: NOV_22 * 1000, toFake: ['Date'] });
    serve([
      makeAttempt({ exam_id: 21, finished_at: NOV_22 - DAY, issue: 'Empty', issue_written: true }),
      makeAttempt({ exam_id: 22, finished_at: NOV_22, issue: 'Empty', issue_written: false }),
    ]);
    renderApp('/report/b-mock-1');
    expect(await screen.findByText(p.issueStatus.Unjudged!)).toBeTruthy();
    expect(screen.getByText(p.issueStatus.Empty!)).toBeTruthy();
  });

  it('an unknown book says so, without asking the server for an id that cannot exist', async () => {
    const fetch = serve();
    renderApp('/report/not-a-book');
    expect(await screen.findByText(p.notFoundTitle)).toBeTruthy();
    expect(bodies(fetch, examCalls.report.path)).toEqual([]);
    cleanup();
    renderApp('/report/b-gone');
    expect(await screen.findByText(p.notFoundTitle)).toBeTruthy();
  });
});
