import { examCalls, questionCalls, userCalls, wordCalls, type ExamView } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp, sentBody, type FakeReply } from '../../test-utils';
import { drillRequest, weakKinds } from './result-pacing';
import { finishedExam } from './test-utils/exam-fixture';
import { CATEGORY_CONFIG } from './test-utils/exam-server';

const t = zh.exam.result;
const p = t.pacing;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/**
 * The fixture's finished mock with its times set: Verbal 双空填空 right in 60 s, 六选二 unanswered after 200 s (more
 * than twice the 90 s target), a reading question unanswered after 100 s (over); Quant right in 60 s and a numeric
 * entry unanswered after 70 s.
 */
function pacedExam(): ExamView {
  const exam = finishedExam();
  const times = [
    [60, 200, 100],
    [60, 70],
  ];
  exam.sections.forEach((s, si) => s.items.forEach((it, i) => (it.action.used_time_seconds = times[si]![i]!)));
  return exam;
}

function serve(exam: ExamView, create: () => FakeReply<typeof examCalls.create>) {
  setToken('t'.repeat(43));
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(examCalls.get, () => ({ data: exam })),
    fake(examCalls.result, () => ({ data: exam })),
    fake(examCalls.create, create),
  );
  return (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
}

describe('pacing on the result', { timeout: 30_000 }, () => {
  it('each question’s time against its target and the community mean, and the summary line', async () => {
    const exam = pacedExam();
    serve(exam, () => ({ data: { id: 99 } }));
    renderApp(`/exam/${exam.id}`);
    const list = (await screen.findByRole('heading', { name: t.questionsTitle })).closest('section')!;
    // Two of five over (one far over); the mean of 60, 200, 100, 60 and 70 seconds is 98.
    expect(await within(list).findByText(p.summary(2, '1 分 38 秒'))).toBeTruthy();
    expect(within(list).getByText(`（${p.farOver(1)}）`)).toBeTruthy();
    expect(within(list).getByText(p.targets('1 分 30 秒', '1 分 45 秒'))).toBeTruthy();
    const bars = within(list).getAllByRole('img');
    expect(bars.map((b) => b.getAttribute('data-pace'))).toEqual(['within', 'far_over', 'over', 'within', 'within']);
    expect(bars[1]!.getAttribute('aria-label')).toBe(
      p.bar('3 分 20 秒', '1 分 30 秒', p.status.far_over!, '1 分 15 秒'),
    );
    const row = within(list).getAllByRole('row')[2]!;
    expect(within(row).getByText(p.status.far_over!)).toBeTruthy();
  });

  it('the weakest kinds each open a drill of that kind from the big bank in one click', async () => {
    const exam = pacedExam();
    const calls = serve(exam, () => ({ data: { id: 99 } }));
    const { router } = renderApp(`/exam/${exam.id}`);
    const weak = (await screen.findByRole('heading', { name: t.weak.title })).closest('section')!;
    expect(within(weak).getAllByRole('button', { name: new RegExp(t.weak.drill) })).toHaveLength(3);
    await userEvent.click(await within(weak).findByRole('button', { name: t.weak.drillLabel('六选二') }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/99'));
    expect(calls(examCalls.create.path)).toEqual([
      { source: 'filter', filter: { category: 1, kind: 'se' }, count: 10, include_done: false },
    ]);
  });

  it('when every question of the kind was done, it drills those; when there is none at all, it says so', async () => {
    const exam = pacedExam();
    const calls = serve(exam, () => ({ kind: 'not_found' }));
    renderApp(`/exam/${exam.id}`);
    const weak = (await screen.findByRole('heading', { name: t.weak.title })).closest('section')!;
    await userEvent.click(await within(weak).findByRole('button', { name: t.weak.drillLabel('六选二') }));
    expect(await within(weak).findByRole('status')).toHaveProperty('textContent', t.weak.nothing);
    expect(calls(examCalls.create.path).map((b) => (b as { include_done: boolean }).include_done)).toEqual([
      false,
      true,
    ]);
  });
});

describe('weak kinds', () => {
  it('weakest first: the lowest share right, then the most questions; kinds without a miss are left out', () => {
    const exam = pacedExam();
    expect(weakKinds(exam).map((k) => k.kind)).toEqual(
      exam.sections
        .flatMap((s) => s.items)
        .filter((i) => !i.result?.correct)
        .map((i) => i.question.kind),
    );
    expect(weakKinds(exam, 1)).toHaveLength(1);
    expect(weakKinds(finishedExamAllRight())).toEqual([]);
    expect(drillRequest({ kind: 'qc', category: 3 }, true)).toEqual({
      source: 'filter',
      filter: { category: 3, kind: 'qc' },
      count: 10,
      include_done: true,
    });
    expect(examCalls.create.request.safeParse(drillRequest({ kind: 'qc', category: 3 })).success).toBe(true);
  });
});

function finishedExamAllRight(): ExamView {
  const exam = finishedExam();
  for (const s of exam.sections)
    for (const it of s.items) {
      it.action.state = 'Answered';
      it.result = { ...it.result!, correct: true };
    }
  return exam;
}
