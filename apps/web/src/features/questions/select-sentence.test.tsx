import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentencesByParagraph } from './passage-pane';
import { answerWith, bankQuestion } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';

const q = bankQuestion('q-rc-004'); // p-rc-01, four paragraphs; answer: sentence index 10
const sentences = q.passage!.sentences;
const passage = () => screen.getByRole('radiogroup', { name: '阅读文章' });
const sentence = (i: number) => within(passage()).getAllByRole('radio')[i]!;

describe('SelectSentence', () => {
  it('makes every sentence of the passage choosable, keeping its paragraphs', () => {
    renderQuestion(q);
    expect(within(passage()).getAllByRole('radio')).toHaveLength(sentences.length);
    expect(passage().querySelectorAll(':scope > p')).toHaveLength(4);
    expect(sentence(0).textContent).toBe(sentences[0]);
    expect(screen.getByText('尚未选择句子')).toBeTruthy();
  });

  it('answers with the sentence index as a string and highlights the sentence', async () => {
    const { user, last } = renderQuestion(q);
    await user.click(sentence(10));
    expect(last()).toEqual({ selects: ['10'], multi_selects: [], text: '', text2: '', essay: '' });
    expect(sentence(10).getAttribute('aria-checked')).toBe('true');
    expect(sentence(10).className).toContain('is-chosen');
    expect(screen.getByText('第 11 句')).toBeTruthy();
  });

  it('can be answered from the keyboard: arrows move, Enter or Space chooses', async () => {
    const { user, last } = renderQuestion(q);
    sentence(0).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(last().selects).toEqual(['2']);
    expect(document.activeElement).toBe(sentence(2));
    await user.keyboard('{ArrowUp} ');
    expect(last().selects).toEqual(['1']);
    // Only the current sentence is in the tab order.
    expect(
      within(passage())
        .getAllByRole('radio')
        .filter((s) => s.tabIndex === 0),
    ).toHaveLength(1);
  });

  it('review: marks the right sentence and the learner’s wrong one, with the passage gist', () => {
    renderQuestion(q, { mode: 'review', reviewAnswer: answerWith({ selects: ['3'] }) });
    expect(screen.getByText('错误')).toBeTruthy();
    expect(sentence(10).className).toContain('is-correct');
    expect(within(sentence(10)).getByText('正确答案')).toBeTruthy();
    expect(sentence(3).className).toContain('is-wrong');
    expect(within(sentence(3)).getByText('你的选择')).toBeTruthy();
    expect(screen.getByTestId('review-correct').textContent).toContain('第 11 句');
    expect(screen.getByText('文章主旨：')).toBeTruthy();
    fireEvent.click(sentence(5));
    expect(sentence(5).getAttribute('aria-checked')).toBe('false');
  });

  it('review: the right sentence is 正确', () => {
    renderQuestion(q, { mode: 'review', reviewAnswer: answerWith({ selects: ['10'] }) });
    expect(screen.getByText('正确')).toBeTruthy();
  });
});

describe('sentencesByParagraph', () => {
  it('puts each sentence under the paragraph it starts in', () => {
    const text = 'One. Two.\n\nThree. Four.\n\nFive.';
    expect(sentencesByParagraph(text, ['One.', 'Two.', 'Three.', 'Four.', 'Five.'])).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('matches the passages of the bank: all sentences placed, in order', () => {
    const groups = sentencesByParagraph(q.passage!.text, sentences);
    expect(groups.flat()).toEqual(sentences.map((_, i) => i));
    expect(groups).toHaveLength(4);
  });
});
