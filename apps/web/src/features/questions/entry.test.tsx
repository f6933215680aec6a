import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, bankQuestion } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';
import { loadMath } from './math';

const cups = bankQuestion('q-num-001'); // answer 6.25, unit "cups" after the box
const dollars = bankQuestion('q-num-003'); // answer 75, "$" before the box
const arc = bankQuestion('q-frac-009'); // answer 7/9 (any equivalent fraction)

const entry = () => screen.getByRole<HTMLInputElement>('textbox', { name: '数值答案' });

// KaTeX loads on the first formula; these tests look at typeset math, so it is loaded up front.
beforeAll(() => loadMath());

describe('TextFill', () => {
  it('shows the unit beside the box and reports the typed number in text', async () => {
    const { user, last } = renderQuestion(cups);
    expect(screen.getByText('cups')).toBeTruthy();
    await user.type(entry(), '6.25');
    expect(last()).toEqual({ selects: [], multi_selects: [], text: '6.25', text2: '', essay: '' });
    renderQuestion(dollars);
    expect(screen.getByText('$')).toBeTruthy();
  });

  it('accepts only digits and one decimal point, as the test does', async () => {
    const { user } = renderQuestion(cups);
    await user.type(entry(), 'a6,.2x.5 ');
    expect(entry().value).toBe('6.25');
  });

  it('toggles the minus sign with the hyphen key wherever the caret is', async () => {
    const { user, last } = renderQuestion(cups);
    await user.type(entry(), '12');
    await user.keyboard('-');
    expect(last().text).toBe('-12');
    await user.type(entry(), '5');
    expect(entry().value).toBe('-125');
    await user.keyboard('-');
    expect(last().text).toBe('125');
  });

  it('keeps a pasted leading minus and drops a second point', () => {
    const { last } = renderQuestion(cups);
    fireEvent.change(entry(), { target: { value: '-12.5.3' } });
    expect(last().text).toBe('-12.53');
  });

  it('number keys type into the box instead of picking anything', async () => {
    const { user, last } = renderQuestion(cups);
    await user.type(entry(), '3');
    expect(last().text).toBe('3');
  });

  it('receives the calculator display through Transfer Display', () => {
    const { handle, last } = renderQuestion(cups);
    let ok = false;
    act(() => {
      ok = handle.current!.transferDisplay('-0.125');
    });
    expect(ok).toBe(true);
    expect(last().text).toBe('-0.125');
    expect(entry().value).toBe('-0.125');
    expect(handle.current!.transferDisplay('Error')).toBe(false);
  });

  it('review: an equal value written differently is 正确; the right answer shows with its unit', () => {
    renderQuestion(cups, { mode: 'review', reviewAnswer: answerWith({ text: '6.250' }) });
    expect(screen.getByText('正确')).toBeTruthy();
    expect(screen.getByTestId('review-correct').textContent).toBe('6.25 cups');
    expect(entry().readOnly).toBe(true);
  });

  it('review: a different value is 错误', () => {
    renderQuestion(dollars, { mode: 'review', reviewAnswer: answerWith({ text: '60' }) });
    expect(screen.getByText('错误')).toBeTruthy();
    expect(screen.getByTestId('review-yours').textContent).toBe('$ 60');
    expect(screen.getByTestId('review-correct').textContent).toBe('$ 75');
  });
});

describe('Fraction', () => {
  const numerator = () => screen.getByRole<HTMLInputElement>('textbox', { name: '分子' });
  const denominator = () => screen.getByRole<HTMLInputElement>('textbox', { name: '分母' });

  it('takes a numerator over a denominator, integers only', async () => {
    const { user, last } = renderQuestion(arc);
    expect(screen.getByRole('group', { name: '分子 / 分母' })).toBeTruthy();
    await user.type(numerator(), '4.0');
    await user.type(denominator(), '18');
    expect(last()).toEqual({ selects: [], multi_selects: [], text: '40', text2: '18', essay: '' });
    await user.clear(numerator());
    await user.type(numerator(), '4');
    await user.keyboard('-');
    expect(last().text).toBe('-4');
  });

  it('has no Transfer Display (the test only transfers into a single box)', () => {
    const { handle, onAnswer } = renderQuestion(arc);
    expect(handle.current!.transferDisplay('2')).toBe(false);
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('review: an unreduced equivalent fraction is 正确 and the explanation is typeset', () => {
    const { container } = renderQuestion(arc, {
      mode: 'review',
      reviewAnswer: answerWith({ text: '280', text2: '360' }),
    });
    expect(screen.getByText('正确')).toBeTruthy();
    expect(screen.getByTestId('review-correct').querySelector('[aria-label="7/9"]')).not.toBeNull();
    expect(container.querySelector('.gq-analysis .katex mfrac')).not.toBeNull();
  });

  it('review: a zero denominator is 错误', () => {
    renderQuestion(arc, { mode: 'review', reviewAnswer: answerWith({ text: '2', text2: '0' }) });
    expect(screen.getByText('错误')).toBeTruthy();
  });
});
