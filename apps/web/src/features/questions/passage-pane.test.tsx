import type { PassageView } from '@gre/contracts';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { zh } from '../../i18n/zh-CN.study';
import { PassagePane } from './passage-pane';

const passage: PassageView = {
  id: 'p-test',
  kind: 'short',
  title: '',
  text: 'The storm abated by noon.\n\nCritics were laconic, and the harbour reopened.',
  translate: '',
  core: '',
  sentences: ['The storm abated by noon.', 'Critics were laconic, and the harbour reopened.'],
  word_connect: [
    { id: 'w-abate', headword: 'abate', forms: ['abated'] },
    { id: 'w-laconic', headword: 'laconic', forms: ['laconic'] },
  ],
};

const gre = (container: HTMLElement) => [...container.querySelectorAll('.gq-w-gre')].map((e) => e.textContent);

describe('PassagePane: GRE words of the passage', () => {
  it('marks them in review, says what the marks mean, and a click still looks the word up', () => {
    const onWordClick = vi.fn();
    const { container, getByText } = render(
      <PassagePane passage={passage} pick={null} supportTranslate={false} review onWordClick={onWordClick} />,
    );
    expect(gre(container)).toEqual(['abated', 'laconic']);
    expect(getByText(zh.questions.greWordsLegend(2))).toBeTruthy();
    fireEvent.click(getByText('laconic'));
    expect(onWordClick).toHaveBeenCalledWith('laconic', expect.anything());
  });

  it('marks nothing while the question is being answered, as on the test', () => {
    const { container, queryByText } = render(
      <PassagePane passage={passage} pick={null} supportTranslate={false} review={false} onWordClick={vi.fn()} />,
    );
    expect(gre(container)).toEqual([]);
    expect(queryByText(zh.questions.greWordsLegend(2))).toBeNull();
  });
});
