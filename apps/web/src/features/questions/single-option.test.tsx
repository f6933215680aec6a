import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerWith, bankQuestion, withheld, wrongKey } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';
import { loadMath } from './math';

const qc = bankQuestion('q-qc-022'); // triangle figure, Quantity A $x$ vs Quantity B $30$, answer C
const tableQuestion = bankQuestion('q-mcs-034'); // monthly rainfall table
const reading = bankQuestion('q-rc-001'); // passage p-rc-01, answer D

// KaTeX loads on the first formula; these tests look at typeset math, so it is loaded up front.
beforeAll(() => loadMath());

describe('SingleOption', () => {
  it('lays out quantitative comparison with Quantity A / Quantity B columns, typeset math and the figure', () => {
    renderQuestion(qc);
    const columns = screen.getByRole('group', { name: 'Quantity A / Quantity B' });
    expect(within(columns).getByText('Quantity A')).toBeTruthy();
    expect(within(columns).getByText('Quantity B')).toBeTruthy();
    expect(columns.querySelectorAll('.katex')).toHaveLength(2);
    const figure = screen.getByRole<HTMLImageElement>('img', { name: /interior angles are labeled x degrees/ });
    expect(figure.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });

  it('answers with one key in selects when an option is clicked, replacing the previous pick', async () => {
    const { user, last, onAnswer } = renderQuestion(qc);
    await user.click(screen.getByRole('radio', { name: /The two quantities are equal/ }));
    expect(last()).toEqual({ selects: ['C'], multi_selects: [], text: '', text2: '', essay: '' });
    await user.click(screen.getByRole('radio', { name: /Quantity A is greater/ }));
    expect(last().selects).toEqual(['A']);
    expect(onAnswer).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('radio', { name: /Quantity A is greater/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('picks options with number keys while the question has focus', async () => {
    const { user, last } = renderQuestion(qc);
    await user.click(screen.getByRole('radio', { name: /Quantity A is greater/ }));
    await user.keyboard('4');
    expect(last().selects).toEqual(['D']);
    await user.keyboard('2');
    expect(last().selects).toEqual(['B']);
  });

  it('ignores number keys beyond the options and changes nothing when disabled', async () => {
    const { user, onAnswer, container } = renderQuestion(qc, { disabled: true });
    await user.click(screen.getByRole('radio', { name: /Quantity B is greater/ }));
    fireEvent.keyDown(container.querySelector('.gq-root')!, { key: '1' });
    expect(onAnswer).not.toHaveBeenCalled();
    const live = renderQuestion(qc);
    fireEvent.keyDown(live.container.querySelector('.gq-root')!, { key: '7' });
    expect(live.onAnswer).not.toHaveBeenCalled();
  });

  it('renders data tables as a captioned semantic table', () => {
    renderQuestion(tableQuestion);
    const table = screen.getByRole('table', { name: 'Monthly Rainfall' });
    expect(within(table).getByRole('columnheader', { name: 'Rainfall (centimeters)' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'March' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: '4.1' })).toBeTruthy();
  });

  it('review: a right answer is marked 正确 and the correct option carries its mark', () => {
    renderQuestion(qc, { mode: 'review', reviewAnswer: answerWith({ selects: ['C'] }) });
    expect(screen.getByText('正确').closest('[data-verdict]')!.getAttribute('data-verdict')).toBe('right');
    const c = screen.getByRole('radio', { name: /The two quantities are equal/ });
    expect(within(c).getByText('正确答案')).toBeTruthy();
    expect(within(c).getByText('你的选择')).toBeTruthy();
    expect(screen.getByText(/三角形三个内角之和恒为/)).toBeTruthy();
    expect(screen.getByText('三角形内角和 180°')).toBeTruthy();
  });

  it('review: a wrong answer is marked 错误, with the learner’s pick and the right answer side by side', () => {
    const wrong = wrongKey(qc);
    renderQuestion(qc, { mode: 'review', reviewAnswer: answerWith({ selects: [wrong] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    const picked = screen.getAllByRole('radio').find((r) => r.textContent.startsWith(wrong))!;
    expect(picked.className).toContain('is-wrong');
    expect(within(picked).getByText('你的选择')).toBeTruthy();
    expect(screen.getByTestId('review-yours').textContent).toMatch(new RegExp(`^${wrong}`));
    expect(screen.getByTestId('review-correct').textContent).toMatch(/^C The two quantities are equal/);
  });

  it('review: no answer is marked 未作答, and review never reports answers', async () => {
    const { user, onAnswer } = renderQuestion(qc, { mode: 'review' });
    expect(screen.getByText('未作答', { selector: '.gq-verdict span' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Quantity A is greater/ }));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('review: says in Chinese when the answer and the explanation are withheld', () => {
    renderQuestion(withheld(qc), { mode: 'review', reviewAnswer: answerWith({ selects: ['C'] }) });
    expect(screen.getByText(/标准答案暂不可见/)).toBeTruthy();
    expect(screen.getByText(/解析暂不可见/)).toBeTruthy();
    // Without the key no option can be marked right or wrong, only as the learner's pick.
    expect(document.querySelector('.gq-mark.is-right, .gq-mark.is-wrong')).toBeNull();
    expect(
      within(screen.getByRole('radio', { name: /The two quantities are equal/ })).getByText('你的选择'),
    ).toBeTruthy();
    expect(screen.getByText('已作答')).toBeTruthy();
  });

  it('shows reading questions in a split view with the passage and its translation on demand', async () => {
    const { user, last } = renderQuestion(reading);
    const passage = screen.getByRole('region', { name: '阅读文章' });
    expect(within(passage).getByText(/Reef-building corals depend on microscopic algae/)).toBeTruthy();
    expect(passage.querySelectorAll('.gq-passage-body > div')).toHaveLength(4);
    expect(screen.queryByText(/造礁珊瑚依赖生活在其组织内的微小藻类/)).toBeNull();
    await user.click(screen.getByRole('switch'));
    expect(screen.getByText(/造礁珊瑚依赖生活在其组织内的微小藻类/)).toBeTruthy();
    await user.click(screen.getAllByRole('radio')[3]!);
    expect(last().selects).toEqual(['D']);
  });

  it('offers no translation toggle when the viewer receives no translation', () => {
    renderQuestion({ ...reading, passage: { ...reading.passage!, translate: '' } });
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('looks up clicked words in the passage and stem; a click on a choice answers it until review', async () => {
    const onWordClick = vi.fn();
    const { user, onAnswer } = renderQuestion(reading, { onWordClick });
    await user.click(screen.getAllByText('symbiont')[0]!);
    expect(onWordClick).toHaveBeenLastCalledWith('symbiont', expect.anything());
    await user.click(screen.getByText('purpose'));
    expect(onWordClick).toHaveBeenLastCalledWith('purpose', expect.anything());
    onWordClick.mockClear();
    await user.click(screen.getByText(/physiological/));
    expect(onWordClick).not.toHaveBeenCalled();
    expect(onAnswer).toHaveBeenCalled();
  });

  it('looks up words inside the choices in review', async () => {
    const onWordClick = vi.fn();
    const { user } = renderQuestion(reading, { onWordClick, mode: 'review' });
    await user.click(screen.getByText('physiological'));
    expect(onWordClick).toHaveBeenLastCalledWith('physiological', expect.anything());
  });

  it('shows only the stem, without choices, when the viewer may not open the question', () => {
    const { onAnswer } = renderQuestion({ ...qc, accessable: false });
    expect(screen.getByText(/In the triangle shown/)).toBeTruthy();
    expect(screen.getByText('本题为受限内容，当前仅显示题干')).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(onAnswer).not.toHaveBeenCalled();
  });
});
