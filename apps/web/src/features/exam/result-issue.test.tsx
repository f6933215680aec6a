import {
  essayCalls,
  examCalls,
  questionCalls,
  userCalls,
  wordCalls,
  type ExamResult,
  type ExamView,
} from '@gre/contracts';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { setToken } from '../../api/storage';
import { zh } from '../../i18n/zh-CN';
import { closeDialog } from '../../state/ui';
import { fake, fakeServer, makeUser, renderApp, sentBody } from '../../test-utils';
import { makeEssay } from '../essays/test-utils/essay-fixture';
import { finishedExam } from './test-utils/exam-fixture';
import { CATEGORY_CONFIG } from './test-utils/exam-server';

const t = zh.exam.result;

beforeAll(async () => {
  await import('./exam-page');
  await import('./result-view');
}, 60_000);

afterEach(() => {
  act(() => closeDialog());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

type Issue = NonNullable<ExamResult['issue']>;

/** A finished mock whose result answers each issue in turn (the last one again once they run out). */
function serve(issues: Issue[], essay = makeEssay()) {
  setToken('t'.repeat(43));
  const exam = finishedExam();
  const answers = [...issues];
  const resultOf = (): ExamView => {
    const issue = answers.length > 1 ? answers.shift()! : answers[0]!;
    return { ...exam, result: { ...exam.result!, issue } };
  };
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(examCalls.get, () => ({ data: exam })),
    fake(examCalls.result, () => ({ data: resultOf() })),
    fake(essayCalls.get, () => ({ data: { essay } })),
    fake(essayCalls.judge, () => ({
      data: { essay: { ...essay, status: 'Judging' as const, progress: 0, error: null } },
    })),
  );
  renderApp(`/exam/${exam.id}`);
  return { fetch, user: userEvent.setup() };
}

const card = async () => (await screen.findByText(t.issueTitle)).closest('.ge-score') as HTMLElement;
const calls = (fetch: ReturnType<typeof fakeServer>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));

const judged: Issue = { status: 'Finished', words: 356, score: 4, band: { low: 3, high: 5 }, essay_id: 31 };

describe('the result’s Analytical Writing card', { timeout: 30_000 }, () => {
  it('评分中 with the progress, read again until the score arrives as a band, never finer, with its details link', async () => {
    const judging = makeEssay({ status: 'Judging', progress: 30, score: null, band: null, score_source: null });
    const { fetch } = serve([{ status: 'Judging', words: 356, essay_id: 31 }, judged], judging);
    const issue = await card();
    expect(within(issue).getByText(t.issueStatus.Judging!)).toBeTruthy();
    expect(within(issue).getByText(t.issueNote.Judging!)).toBeTruthy();
    expect(await within(issue).findByRole('progressbar', { name: zh.essay.progress(30) })).toBeTruthy();

    expect(await within(issue).findByText(t.issueStatus.Finished!, {}, { timeout: 8_000 })).toBeTruthy();
    expect(within(issue).getByLabelText(zh.essay.scoreAria(4, { low: 3, high: 5 })).textContent).toBe('4.0');
    expect(within(issue).getByText('可信区间 3.0–5.0')).toBeTruthy();
    expect(within(issue).getByRole('link', { name: t.issueDetail }).getAttribute('href')).toBe('/idea?essay=31');
    expect(within(issue).queryByText(t.issueStatus.Judging!)).toBeNull();
    expect(calls(fetch, examCalls.result.path).length).toBe(2);
    // The essay list in the questions table says the same.
    expect(screen.queryByText(`${t.essay} · ${t.issueStatus.Unjudged}`)).toBeNull();
  });

  it('a teacher’s score stands without a band and says so', async () => {
    const band = { low: 5, high: 5 };
    serve([{ ...judged, score: 5, band }], makeEssay({ score: 5, band, score_source: 'teacher' }));
    const issue = await card();
    expect(await within(issue).findByText(zh.essay.teacherScored)).toBeTruthy();
    expect(within(issue).getByLabelText(zh.essay.scoreAria(5, null, true)).textContent).toBe('5.0');
    expect(within(issue).getByText(t.issueNote.Teacher!)).toBeTruthy();
    expect(within(issue).queryByText(/可信区间/)).toBeNull();
  });

  it('an essay the built-in judge held to 0 keeps its band of 0–0 and is not taken for a teacher’s', async () => {
    const band = { low: 0, high: 0 };
    serve([{ ...judged, score: 0, band }], makeEssay({ score: 0, band, score_source: 'machine' }));
    const issue = await card();
    expect(await within(issue).findByText('可信区间 0.0–0.0')).toBeTruthy();
    expect(within(issue).queryByText(zh.essay.teacherScored)).toBeNull();
    expect(within(issue).getByText(t.issueNote.Finished!)).toBeTruthy();
  });

  it('未批改 with the reason and 申请批改, which starts the judging', async () => {
    const empty = makeEssay({ status: 'Empty', score: null, band: null, score_source: null, error: '试用额度已用完' });
    const { fetch, user } = serve(
      [
        { status: 'Empty', words: 356, essay_id: 31 },
        { status: 'Judging', words: 356, essay_id: 31 },
      ],
      empty,
    );
    const issue = await card();
    expect(within(issue).getByText(t.issueStatus.Unjudged!)).toBeTruthy();
    expect(await within(issue).findByText('试用额度已用完')).toBeTruthy();
    await user.click(within(issue).getByRole('button', { name: zh.essay.judge }));
    expect(await within(issue).findByText(t.issueStatus.Judging!)).toBeTruthy();
    expect(calls(fetch, essayCalls.judge.path)).toEqual([{ id: 31 }]);
  });

  it('评分失败 offers 重新批改; no essay written reads 未作答 with nothing to ask', async () => {
    serve([{ status: 'Failed', words: 356, essay_id: 31 }], makeEssay({ status: 'Failed', error: '批改超时' }));
    const issue = await card();
    expect(within(issue).getByText(t.issueStatus.Failed!)).toBeTruthy();
    expect(within(issue).getByRole('button', { name: zh.essay.rejudge })).toBeTruthy();
    cleanup();
    queryClient.clear();
    serve([{ status: 'Empty', words: 0, essay_id: null }]);
    const none = await card();
    expect(within(none).getByText(t.issueStatus.Empty!)).toBeTruthy();
    expect(within(none).getByText(t.issueNote.Empty!)).toBeTruthy();
    expect(within(none).queryByRole('button')).toBeNull();
  });
});
