import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countWords } from './answer-utils';
import { answerWith, bankQuestion, withheld } from './test-utils/content-bank';
import { renderQuestion } from './test-utils/render-question';
import { wordQuestion } from './test-utils/word-fixture';

const issue = bankQuestion('q-issue-001');
const abase = wordQuestion('abase');

describe('Essay', () => {
  const editor = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: '作文正文' });

  it('is a plain editor with spell check and autocorrect off and no word count during an exam', async () => {
    const { user, last } = renderQuestion(issue);
    expect(screen.getByText(/The value of a scientific theory lies less/)).toBeTruthy();
    expect(editor().getAttribute('spellcheck')).toBe('false');
    expect(editor().getAttribute('autocorrect')).toBe('off');
    expect(editor().getAttribute('autocapitalize')).toBe('off');
    await user.type(editor(), 'Theories matter 12 times.');
    expect(last()).toEqual({ selects: [], multi_selects: [], text: '', text2: '', essay: 'Theories matter 12 times.' });
    expect(screen.queryByText(/\d+ 词/)).toBeNull();
  });

  it('shows a live word count when the page asks for it (practice, not the exam)', async () => {
    const { user } = renderQuestion(issue, { showWordCount: true });
    await user.type(editor(), "Science isn't static; it's self-correcting.");
    expect(screen.getByText('5 词')).toBeTruthy();
  });

  it('review: shows the essay with its word count, what a strong response does and the outline', () => {
    const essay = 'A theory earns its place by what it lets us ask.\n\nYet truth still matters.';
    renderQuestion(issue, { mode: 'review', reviewAnswer: answerWith({ essay }) });
    expect(screen.getByText('已作答')).toBeTruthy();
    expect(screen.getByText(`${countWords(essay)} 词`)).toBeTruthy();
    expect(screen.getByLabelText('作文正文').textContent).toBe(essay);
    expect(screen.getByText('高分文章要点')).toBeTruthy();
    expect(screen.getByText(/强文（5–6 分）会明确表态/)).toBeTruthy();
    expect(screen.getByText('立场选择', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText('错误')).toBeNull();
  });

  it('review: an empty essay is 未作答; withheld notes say so', () => {
    renderQuestion(withheld(issue), { mode: 'review' });
    expect(screen.getByText('未作答', { selector: '.gq-verdict span' })).toBeTruthy();
    expect(screen.getByText(/标准答案暂不可见/)).toBeTruthy();
    expect(screen.getByText(/解析暂不可见/)).toBeTruthy();
  });
});

describe('Word', () => {
  it('shows the headword and phonetic, and flips to the Chinese meaning', async () => {
    const { user } = renderQuestion(abase);
    expect(screen.getByText('abase')).toBeTruthy();
    expect(screen.getByText("/ә'beis/")).toBeTruthy();
    expect(screen.queryByText(/降低\.\.\.的地位/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '查看释义' }));
    expect(screen.getByText(/降低\.\.\.的地位/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '返回单词' }));
    expect(screen.queryByText(/降低\.\.\.的地位/)).toBeNull();
  });

  it('answers know / don’t know in selects, by button or by number key', async () => {
    const { user, last } = renderQuestion(abase);
    await user.click(screen.getByRole('button', { name: '认识' }));
    expect(last()).toEqual({ selects: ['know'], multi_selects: [], text: '', text2: '', essay: '' });
    expect(screen.getByRole('button', { name: '认识' }).getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('2');
    expect(last().selects).toEqual(['unknown']);
  });

  it('review: shows the meaning, the learner’s choice and the dictionary explanation', () => {
    renderQuestion(abase, { mode: 'review', reviewAnswer: answerWith({ selects: ['unknown'] }) });
    expect(screen.getByTestId('review-yours').textContent).toBe('不认识');
    expect(screen.getByRole('region', { name: '中文释义' }).textContent).toContain('降低...的地位');
    expect(screen.getByText(/cause to feel shame/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '认识' })).toBeNull();
  });
});
