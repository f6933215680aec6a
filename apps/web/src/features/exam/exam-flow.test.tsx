import { examCalls, questionCalls, userCalls } from '@gre/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { fake, fakeServer, makeUser, renderApp } from '../../test-utils';
import { finishedExam, makeExam } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const bar = () => screen.getByRole('navigation', { name: t.bar.toolbar });
const barButton = (name: string) => within(bar()).getByRole('button', { name });

function openExam(exam = makeExam(), opts: Parameters<typeof examServer>[1] = {}) {
  const server = examServer(exam, opts);
  const user = userEvent.setup();
  return { server, user, ...renderApp(`/exam/${exam.id}`) };
}

/** The exam in Quant section 1, Verbal already submitted. */
function inQuant(question = 0) {
  const exam = makeExam({ status: 'PartCompleted', cursor: { section_index: 1, question_index: question } });
  exam.sections[0]!.action.finished = true;
  return exam;
}

describe('section end and submitting', () => {
  it('Next on the last question shows 本节结束 with the counts; 回到本节 goes back, 继续下一部分 submits', async () => {
    const exam = makeExam({ cursor: { section_index: 0, question_index: 2 } });
    exam.sections[0]!.items[0]!.action = {
      ...exam.sections[0]!.items[0]!.action,
      state: 'Answered',
      flagged: true,
      answer: null,
    };
    const { server, user } = openExam(exam);
    await screen.findByText(t.bar.progress(3, 3));
    await user.click(barButton(t.bar.next));
    expect(await screen.findByRole('heading', { name: t.end.title })).toBeTruthy();
    const counts = screen.getByText(t.end.answered).closest('dl')!;
    expect(counts.textContent).toBe('已作答1 题未作答2 题已标记1 题');
    await user.click(screen.getByRole('button', { name: t.end.back }));
    expect(screen.getByText(t.bar.progress(3, 3))).toBeTruthy();
    await user.click(barButton(t.bar.next));
    await user.click(await screen.findByRole('button', { name: t.end.continue }));
    expect(await screen.findByText(t.bar.progress(1, 2))).toBeTruthy();
    expect(screen.getByText('Quant 第 1 部分')).toBeTruthy();
    expect(server.calls(examCalls.finishSection.path)).toEqual([{ id: 41, revision: 5, section_index: 0 }]);
    await waitFor(() => expect(server.exam.cursor).toEqual({ section_index: 1, question_index: 0 }));
  });

  it('退出本节 asks first; confirming submits the section and the last one opens the result', async () => {
    const { server, user } = openExam(inQuant());
    await screen.findByText(t.bar.progress(1, 2));
    await user.click(barButton(t.bar.exit));
    const dialog = screen.getByRole('dialog', { name: t.exitDialog.title });
    expect(within(dialog).getByText(t.exitDialog.unanswered(2))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.exitDialog.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls(examCalls.finishSection.path)).toHaveLength(0);
    await user.click(barButton(t.bar.exit));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: t.exitDialog.confirm }));
    expect(await screen.findByText(t.result.title)).toBeTruthy();
    expect(server.exam.status).toBe('Finished');
  });

  it('a reload after submitting a section resumes on its end screen, then the next section', async () => {
    const exam = makeExam({ status: 'PartCompleted', cursor: { section_index: 0, question_index: 2 } });
    exam.sections[0]!.action = { used_time_seconds: 600, finished: true };
    const { user } = openExam(exam);
    expect(await screen.findByText(t.end.submitted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.end.back })).toBeNull();
    await user.click(screen.getByRole('button', { name: t.end.continue }));
    expect(await screen.findByText(t.bar.progress(1, 2))).toBeTruthy();
  });
});

describe('the clock', () => {
  it('counts down from the section’s time left and can be hidden', async () => {
    const exam = makeExam();
    exam.sections[0]!.action.used_time_seconds = 75;
    const { user } = openExam(exam);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toContain('16:45');
    await user.click(screen.getByRole('button', { name: t.bar.hideTime }));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByText(t.bar.timerHidden)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.bar.showTime }));
    expect(screen.getByRole('timer')).toBeTruthy();
  });

  it('counts up in an untimed exam', async () => {
    const exam = makeExam();
    for (const s of exam.sections) s.time_limit_seconds = 0;
    exam.sections[0]!.action.used_time_seconds = 125;
    openExam(exam);
    const timer = await screen.findByRole('timer');
    expect(timer.getAttribute('aria-label')).toBe(`${t.bar.timeUsed} 02:05`);
  });

  it('beats on arrival; at zero the server submits the section and the end screen says time is up', async () => {
    const exam = makeExam();
    exam.sections[0]!.time_limit_seconds = 60;
    exam.sections[0]!.action.used_time_seconds = 59;
    let beats = 0;
    const { server } = openExam(exam, {
      onHeartbeat: (e) => {
        beats += 1;
        if (beats < 2) return;
        e.sections[0]!.action = { used_time_seconds: 60, finished: true };
        e.status = 'PartCompleted';
        return { section_index: 0, used_time_seconds: 60, remaining_seconds: 0, auto_committed: true };
      },
    });
    expect(await screen.findByRole('heading', { name: t.end.timeUp }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(t.end.autoSubmitted)).toBeTruthy();
    expect(server.calls(examCalls.heartbeat.path)[0]).toEqual({ id: 41, section_index: 0, question_index: 0 });
    expect(screen.queryByRole('button', { name: t.end.back })).toBeNull();
  });
});

describe('calculator', () => {
  it('Quant only: calculates with the order of operations and transfers the display into a numeric entry', async () => {
    const { server, user } = openExam(inQuant(1));
    await screen.findByText(t.bar.progress(2, 2));
    await user.click(barButton(t.bar.calculator));
    const calc = screen.getByRole('region', { name: t.calc.label });
    for (const k of ['2', '加', '3', '乘', '4', '等于'])
      await user.click(within(calc).getByRole('button', { name: k }));
    expect(calc.querySelector('output')!.textContent).toBe('14');
    await user.click(within(calc).getByRole('button', { name: t.calc.transfer }));
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('14');
    await waitFor(() => expect(server.calls(examCalls.answer.path).at(-1)?.answer).toMatchObject({ text: '14' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: t.calc.label })).toBeNull();
  });

  it('transfer is off for questions without a numeric entry box', async () => {
    const { user } = openExam(inQuant(0));
    await screen.findByText(t.bar.progress(1, 2));
    await user.click(barButton(t.bar.calculator));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: t.calc.transfer }).disabled).toBe(true);
  });
});

describe('result', () => {
  it('shows scaled scores with bands, the interpretation, the essay state, kind stats and every question', async () => {
    openExam(finishedExam());
    expect(await screen.findByText(t.result.title)).toBeTruthy();
    expect(screen.getByLabelText(`${t.result.verbal} 158（可能区间 155–161）`)).toBeTruthy();
    expect(screen.getByText(t.result.band(160, 166))).toBeTruthy();
    expect(screen.getByText('321')).toBeTruthy();
    expect(screen.getByText(t.interpret.verbal.strong)).toBeTruthy();
    expect(screen.getByText(t.result.issueStatus.Judging!)).toBeTruthy();
    expect(screen.getByText(t.result.issueNote.Judging!)).toBeTruthy();
    const kinds = screen.getByRole('heading', { name: t.result.kindsTitle }).closest('section')!;
    expect(await within(kinds).findByText('双空填空')).toBeTruthy();
    expect(screen.getByRole('link', { name: t.result.reportLink }).getAttribute('href')).toBe('/report/b-mock-1');
    expect(screen.getByRole('link', { name: t.result.recordLink }).getAttribute('href')).toBe('/record');
    const list = screen.getByRole('heading', { name: t.result.questionsTitle }).closest('section')!;
    const firstRow = within(list).getAllByRole('row')[1]!;
    expect(firstRow.textContent).toContain(t.result.right);
    expect(firstRow.textContent).toContain('1 分钟');
    expect(firstRow.textContent).toContain('63%');
  });

  it('a question opens in review with the answers, the explanation and the times; Esc closes it', async () => {
    const user = userEvent.setup();
    examServer(finishedExam());
    renderApp('/exam/41');
    const list = (await screen.findByRole('heading', { name: t.result.questionsTitle })).closest('section')!;
    await user.click(within(list).getAllByRole('button', { name: '2' })[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(t.result.reviewYourTime('1 分 10 秒'))).toBeTruthy();
    expect(within(dialog).getByText(t.result.reviewAvgTime('1 分 15 秒'))).toBeTruthy();
    expect(within(dialog).getByText(zh.questions.review.analysis)).toBeTruthy();
    expect(within(dialog).getByTestId('review-correct')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: t.result.reviewPrev }));
    expect(within(dialog).getByText(t.result.reviewYourTime('1 分钟'))).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a word of a reviewed question opens the word popover, as in bank practice; Esc closes the popover, then the review', async () => {
    const user = userEvent.setup();
    const { calls } = examServer(finishedExam());
    renderApp('/exam/41');
    const list = (await screen.findByRole('heading', { name: t.result.questionsTitle })).closest('section')!;
    await user.click(within(list).getAllByRole('button', { name: '2' })[0]!);
    const review = screen.getByRole('dialog');
    // Click-a-word arrives with the first review (it brings antd); then the words of the question are clickable.
    const word = await waitFor(() => {
      const w = review.querySelector<HTMLElement>('.gq-words .gq-w');
      expect(w).not.toBeNull();
      return w!;
    });
    const text = word.textContent;
    await user.click(word);
    const card = await screen.findByRole('dialog', { name: zh.words.popoverLabel(text) });
    expect(await within(card).findByText('n. 测试释义')).toBeTruthy();
    // The look-up names the question it was made in (kept among the words met).
    const questionId = word.closest<HTMLElement>('[data-question-id]')?.dataset.questionId;
    expect(questionId).toBeTruthy();
    expect(calls(questionCalls.wordLookup.path)).toEqual([{ word: text, question_id: questionId }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: zh.words.popoverLabel(text) })).toBeNull());
    expect(screen.getByRole('dialog')).toBe(review);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('loading', () => {
  it('an unknown or someone else’s exam is the route error page', async () => {
    examServer(makeExam());
    fakeServer(
      fake(userCalls.get, () => ({ data: makeUser() })),
      fake(examCalls.get, () => ({ kind: 'not_found' })),
    );
    renderApp('/exam/999');
    expect(await screen.findByText(zh.routeError.title)).toBeTruthy();
  });

  it('an id that is not a number is not found without asking the server', async () => {
    const { fetch } = examServer(makeExam());
    renderApp('/exam/abc');
    expect(await screen.findByText(zh.routeError.title)).toBeTruthy();
    expect(fetch.mock.calls.filter(([url]) => url === examCalls.get.path)).toHaveLength(0);
  });
});
