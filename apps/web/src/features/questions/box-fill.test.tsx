import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerWith, bankQuestion, withheld } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';

const tc1 = bankQuestion('q-tc1-001'); // answer C concise
const tc2 = bankQuestion('q-tc2-001'); // answers A encouraging, A limited
const tc3 = bankQuestion('q-tc3-001'); // answers C grown, B lament, B intimate

const column = (roman: string) => screen.getByRole('radiogroup', { name: `Blank (${roman})` });

describe('OneBoxFill', () => {
  it('shows the blank as a (i) box that takes the chosen word', async () => {
    const { user, last } = renderQuestion(tc1);
    expect(screen.getByLabelText('第 i 空：未选择')).toBeTruthy();
    expect(screen.getByText('Blank (i)')).toBeTruthy();
    await user.click(within(column('i')).getByRole('radio', { name: /concise/ }));
    expect(last()).toEqual({ selects: ['C'], multi_selects: [], text: '', text2: '', essay: '' });
    expect(screen.getByLabelText('第 i 空：concise')).toBeTruthy();
  });

  it('review marks the wrong word and shows the explanation with synonyms and antonyms', () => {
    renderQuestion(tc1, { mode: 'review', reviewAnswer: answerWith({ selects: ['E'] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    expect(screen.getByLabelText('第 i 空：prolix').className).toContain('is-wrong');
    expect(within(screen.getByRole('radio', { name: /concise/ })).getByText('正确答案')).toBeTruthy();
    expect(screen.getByText(/句首 Although 提示转折/)).toBeTruthy();
    expect(screen.getByText('succinct 简洁的')).toBeTruthy();
    expect(screen.getByText('verbose 啰嗦的')).toBeTruthy();
    // The "**答案**" line of the explanation is bold, not literal asterisks.
    expect(screen.getByText('答案', { selector: 'strong' })).toBeTruthy();
  });
});

describe('TwoBoxFill', () => {
  it('keeps one entry per blank, empty until that blank is chosen', async () => {
    const { user, last } = renderQuestion(tc2);
    await user.click(within(column('ii')).getByRole('radio', { name: /limited/ }));
    expect(last().selects).toEqual(['', 'A']);
    await user.click(within(column('i')).getByRole('radio', { name: /encouraging/ }));
    expect(last()).toEqual({ selects: ['A', 'A'], multi_selects: [], text: '', text2: '', essay: '' });
    expect(screen.getByLabelText('第 i 空：encouraging')).toBeTruthy();
    expect(screen.getByLabelText('第 ii 空：limited')).toBeTruthy();
  });

  it('number keys run on across the columns (4–6 pick the second blank)', async () => {
    const { user, last } = renderQuestion(tc2);
    await user.click(within(column('i')).getByRole('radio', { name: /ambiguous/ }));
    await user.keyboard('5');
    expect(last().selects).toEqual(['C', 'B']);
    await user.keyboard('1');
    expect(last().selects).toEqual(['A', 'B']);
  });

  it('review: every blank right is 正确; the comparison names each blank', () => {
    renderQuestion(tc2, { mode: 'review', reviewAnswer: answerWith({ selects: ['A', 'A'] }) });
    expect(screen.getByText('正确')).toBeTruthy();
    expect(screen.getByTestId('review-correct').textContent).toBe('(i) A encouraging(ii) A limited');
  });
});

describe('ThreeBoxFill', () => {
  it('answers three blanks from three columns', async () => {
    const { user, last } = renderQuestion(tc3);
    expect(screen.getAllByRole('radiogroup')).toHaveLength(3);
    await user.click(within(column('i')).getByRole('radio', { name: /grown/ }));
    await user.click(within(column('ii')).getByRole('radio', { name: /lament/ }));
    await user.click(within(column('iii')).getByRole('radio', { name: /intimate/ }));
    expect(last().selects).toEqual(['C', 'B', 'B']);
    expect(screen.getByLabelText('第 iii 空：intimate')).toBeTruthy();
  });

  it('review: one wrong blank makes the whole question 错误 (no partial credit)', () => {
    renderQuestion(tc3, { mode: 'review', reviewAnswer: answerWith({ selects: ['C', 'B', 'A'] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    expect(screen.getByLabelText('第 i 空：grown').className).toContain('is-right');
    expect(screen.getByLabelText('第 iii 空：commercial').className).toContain('is-wrong');
  });

  it('review: withheld answers leave the blanks unmarked and say so', () => {
    renderQuestion(withheld(tc3), { mode: 'review', reviewAnswer: answerWith({ selects: ['C', 'B', 'A'] }) });
    expect(screen.getByLabelText('第 iii 空：commercial').className).not.toContain('is-wrong');
    expect(screen.getByText(/标准答案暂不可见/)).toBeTruthy();
    expect(screen.getByText(/解析暂不可见/)).toBeTruthy();
  });
});
