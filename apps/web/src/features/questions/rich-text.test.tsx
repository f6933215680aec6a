import { fireEvent, render } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMath, renderMath } from './math';
import { RichText } from './rich-text';
import { parseRichText } from './rich-text-parse';

// KaTeX loads on the first formula; these tests look at typeset math, so it is loaded up front.
beforeAll(() => loadMath());

describe('parseRichText', () => {
  it('splits paragraphs on line breaks and skips blank lines', () => {
    expect(parseRichText('one\n\ntwo\nthree')).toHaveLength(3);
  });

  it('reads $…$ as inline math, $$…$$ as display math and \\$ as a literal dollar', () => {
    const [p] = parseRichText('cost \\$5, $x^2$ and $$\\frac{1}{2}$$');
    expect(p!.bullet).toBe(false);
    expect(p!.inlines).toEqual([
      { t: 'text', parts: ['', 'cost', ' $5, '], bold: false },
      { t: 'math', tex: 'x^2', display: false, bold: false },
      { t: 'text', parts: [' ', 'and', ' '], bold: false },
      { t: 'math', tex: '\\frac{1}{2}', display: true, bold: false },
    ]);
  });

  it('leaves an unpaired $ or ** as text', () => {
    const [p] = parseRichText('5 $ and ** bold');
    expect(p!.inlines).toHaveLength(1);
    expect(p!.inlines[0]).toMatchObject({ t: 'text', bold: false });
    expect((p!.inlines[0] as { parts: string[] }).parts.join('')).toBe('5 $ and ** bold');
  });

  it('reads **…** as bold and {{n}} as blanks', () => {
    const [p] = parseRichText('**答案**：C {{2}}');
    expect(p!.inlines).toEqual([
      { t: 'text', parts: ['答案'], bold: true },
      { t: 'text', parts: ['：', 'C', ' '], bold: false },
      { t: 'blank', n: 2 },
    ]);
  });

  it('reads "- " lines as bullets', () => {
    expect(parseRichText('释义：\n- vt. 降低\n- n. 贬抑').map((p) => p.bullet)).toEqual([false, true, true]);
  });
});

describe('RichText', () => {
  it('renders consecutive bullet lines as one list', () => {
    const { container } = render(<RichText text={'释义：\n- vt. 降低\n- n. 贬抑\n结尾'} />);
    expect(container.querySelectorAll('ul')).toHaveLength(1);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['vt. 降低', 'n. 贬抑']);
    expect(container.querySelectorAll('p')).toHaveLength(2);
  });

  it('renders markup in content as text, never as HTML', () => {
    const evil = '<script>window.__pwned = 1</script><img src=x onerror="alert(1)"> and <b>bold</b>';
    const { container } = render(<RichText text={evil} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe(evil);
  });

  it('escapes markup in clickable-word mode too', () => {
    const { container } = render(<RichText text={'<script>alert("x")</script> word'} onWordClick={() => {}} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('<script>alert("x")</script> word');
  });

  it('typesets $…$ with KaTeX, with MathML for screen readers', () => {
    const { container } = render(<RichText text={'If $\\frac{x}{2} = 3$, then x = 6.'} />);
    const katex = container.querySelector('.katex');
    expect(katex).not.toBeNull();
    expect(container.querySelector('math mfrac')).not.toBeNull();
    expect(container.querySelector('.katex-html')).not.toBeNull();
    // The text around the formula stays plain text.
    expect(container.querySelector('p')!.firstChild!.textContent).toBe('If ');
  });

  it('shows a broken formula as source text instead of throwing', () => {
    const { container } = render(<RichText text={'bad $\\frac{1}$ formula'} />);
    expect(container.textContent).toContain('formula');
    expect(container.textContent).toContain('\\frac{1}');
  });

  it('refuses KaTeX commands that could inject links or HTML', () => {
    const html = renderMath('\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y} \\url{http://e.example}')!;
    const holder = document.createElement('div');
    holder.innerHTML = html;
    expect(holder.querySelector('a')).toBeNull();
    expect(holder.querySelector('.evil')).toBeNull();
    // The source survives only as escaped annotation text, never as an attribute.
    expect(holder.querySelector('[href]')).toBeNull();
    expect(holder.querySelector('annotation')!.textContent).toContain('javascript:');
  });

  it('makes each English word clickable through one listener and reports the word', () => {
    const onWord = vi.fn();
    const { container, getByText } = render(
      <RichText text={"The reef's well-known $x$ collapse, 珊瑚"} onWordClick={onWord} />,
    );
    const words = [...container.querySelectorAll('.gq-w')].map((w) => w.textContent);
    expect(words).toEqual(['The', "reef's", 'well-known', 'collapse']);
    fireEvent.click(getByText('well-known'));
    expect(onWord).toHaveBeenCalledWith('well-known', expect.anything());
    // Math and Chinese are not words.
    fireEvent.click(container.querySelector('.katex')!);
    expect(onWord).toHaveBeenCalledTimes(1);
  });

  it('adds no word spans when nobody listens', () => {
    const { container } = render(<RichText text="plain words here" />);
    expect(container.querySelectorAll('.gq-w')).toHaveLength(0);
  });

  it('renders blanks through renderBlank, and as a labelled line otherwise', () => {
    const { container, getByRole } = render(<RichText text="a {{1}} b" />);
    expect(getByRole('img', { name: '空格 1' })).toBeTruthy();
    const custom = render(<RichText text="a {{2}} b" renderBlank={(n) => <em>blank {n}</em>} />);
    expect(custom.container.querySelector('em')!.textContent).toBe('blank 2');
    expect(container.textContent).toBe('a  b');
  });
});
