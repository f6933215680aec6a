import type { ExamView } from '@gre/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/query-client';
import { zh } from '../../i18n/zh-CN';
import { renderApp } from '../../test-utils';
import { finishedExam } from './test-utils/exam-fixture';
import { examServer } from './test-utils/exam-server';

const t = zh.exam.result;

beforeAll(async () => {
  await import('./exam-page');
}, 60_000);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

/**
 * A finished exam whose first question (answered right) is a locked one beyond the learner's tier, and whose second
 * (not answered) is also in an exam they are taking: the server sends both without answer and analysis (decision 013).
 */
function withheldExam(): ExamView {
  const exam = finishedExam();
  const [first, second] = exam.sections[0]!.items;
  first!.question = { ...first!.question, visibility: 'locked', standard_answer: null, analysis: null };
  first!.result = { ...first!.result!, withheld: 'public_only' };
  second!.question = { ...second!.question, standard_answer: null, analysis: null };
  second!.result = { ...second!.result!, withheld: 'in_exam' };
  return exam;
}

describe('result review of withheld answers', () => {
  it('says why where the answer and the analysis would be, and keeps the learner’s answer and its grading', async () => {
    const exam = withheldExam();
    examServer(exam, { result: exam });
    const user = userEvent.setup();
    renderApp(`/exam/${exam.id}`);
    const list = (await screen.findByRole('heading', { name: t.questionsTitle })).closest('section')!;
    expect(within(list).getAllByRole('row')[1]!.textContent).toContain(t.right);

    await user.click(within(list).getAllByRole('button', { name: '1' })[0]!);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('review-correct').textContent).toBe(zh.dialogs.publicOnlyBody);
    expect(within(dialog).getAllByText(zh.dialogs.publicOnlyBody)).toHaveLength(2);
    expect(within(dialog).getByTestId('review-yours').textContent).not.toBe(zh.questions.review.unanswered);
    expect(dialog.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe('right');
    expect(within(dialog).queryByText(zh.questions.review.answerWithheld)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: t.reviewNext }));
    expect(within(dialog).getByTestId('review-correct').textContent).toBe(t.withheldInExam);
    expect(dialog.querySelector('[data-verdict]')?.getAttribute('data-verdict')).toBe('unanswered');
    expect(within(dialog).getByText(t.reviewYourTime('1 分 10 秒'))).toBeTruthy();
  });
});
