import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, bankQuestion } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';

const mcMulti = bankQuestion('q-mcm-014'); // parallel lines, angles a–g; answer A, C, E, G
const se = bankQuestion('q-se-001'); // animated / lively: C, F

const boxes = () => screen.getAllByRole('checkbox');

describe('MultiSelect', () => {
  it('uses square checkboxes, says "select all that apply", and reports keys in option order', async () => {
    const { user, last, container } = renderQuestion(mcMulti);
    expect(screen.getByText('可多选：选出所有正确的选项')).toBeTruthy();
    expect(boxes()).toHaveLength(7);
    expect(container.querySelectorAll('.gq-option.is-square')).toHaveLength(7);
    await user.click(boxes()[4]!);
    await user.click(boxes()[0]!);
    await user.click(boxes()[2]!);
    expect(last()).toEqual({ selects: [], multi_selects: ['A', 'C', 'E'], text: '', text2: '', essay: '' });
    await user.click(boxes()[0]!);
    expect(last().multi_selects).toEqual(['C', 'E']);
    expect(boxes()[0]!.getAttribute('aria-checked')).toBe('false');
  });

  it('toggles with number keys', async () => {
    const { user, last } = renderQuestion(mcMulti);
    await user.click(boxes()[6]!);
    await user.keyboard('2');
    expect(last().multi_selects).toEqual(['B', 'G']);
    await user.keyboard('2');
    expect(last().multi_selects).toEqual(['G']);
  });

  it('review: a missing choice is 错误 (no partial credit); each right choice is marked', () => {
    renderQuestion(mcMulti, { mode: 'review', reviewAnswer: answerWith({ multi_selects: ['A', 'C', 'E'] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    const marked = boxes().filter((b) => within(b).queryByText('正确答案'));
    expect(marked.map((b) => b.querySelector('.gq-badge')!.textContent)).toEqual(['A', 'C', 'E', 'G']);
    expect(boxes()[6]!.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(/在直线/)).toBeTruthy();
  });

  it('review: exactly the right set is 正确', () => {
    renderQuestion(mcMulti, { mode: 'review', reviewAnswer: answerWith({ multi_selects: ['A', 'C', 'E', 'G'] }) });
    expect(screen.getByText('正确')).toBeTruthy();
  });
});

describe('SixChooseTwo', () => {
  it('shows the sentence with its blank and six square choices', () => {
    renderQuestion(se);
    expect(screen.getByRole('img', { name: '空格 1' })).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByText('选出两个选项')).toBeTruthy();
  });

  it('allows at most two choices until one is removed', async () => {
    const { user, last, onAnswer } = renderQuestion(se);
    await user.click(screen.getByRole('checkbox', { name: /animated/ }));
    await user.click(screen.getByRole('checkbox', { name: /lively/ }));
    expect(last()).toEqual({ selects: [], multi_selects: ['C', 'F'], text: '', text2: '', essay: '' });
    expect(screen.getByRole('status').textContent).toContain('已选两项');
    await user.click(screen.getByRole('checkbox', { name: /tedious/ }));
    expect(onAnswer).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('checkbox', { name: /tedious/ }).getAttribute('aria-checked')).toBe('false');
    await user.keyboard('2');
    expect(onAnswer).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('checkbox', { name: /animated/ }));
    await user.click(screen.getByRole('checkbox', { name: /tedious/ }));
    expect(last().multi_selects).toEqual(['B', 'F']);
  });

  it('review: marks the right pair and the learner’s wrong pick, with synonyms and antonyms', () => {
    renderQuestion(se, { mode: 'review', reviewAnswer: answerWith({ multi_selects: ['B', 'F'] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    const tedious = screen.getByRole('checkbox', { name: /tedious/ });
    expect(tedious.className).toContain('is-wrong');
    expect(within(tedious).getByText('你的选择')).toBeTruthy();
    expect(within(screen.getByRole('checkbox', { name: /animated/ })).getByText('正确答案')).toBeTruthy();
    expect(screen.getByTestId('review-correct').textContent).toBe('C animatedF lively');
    expect(screen.getByText('vivacious 活泼的')).toBeTruthy();
    expect(screen.getByText('monotonous 单调的')).toBeTruthy();
  });
});
