import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMath } from './math';
import { RichText } from './rich-text';

// A fresh module per test file: KaTeX has not been loaded here before the first formula renders.
describe('KaTeX on demand', () => {
  it('shows the TeX source until KaTeX has loaded, then the typeset formula', async () => {
    expect(renderMath('x^2')).toBeNull();
    const { container } = render(<RichText text={'If $\\frac{x}{2} = 3$, then x = 6.'} />);
    const source = container.querySelector('.gq-math-source');
    expect(source?.textContent).toBe('\\frac{x}{2} = 3');
    expect(container.querySelector('.katex')).toBeNull();

    await waitFor(() => expect(container.querySelector('.katex math mfrac')).not.toBeNull());
    expect(container.querySelector('.gq-math-source')).toBeNull();
    expect(container.querySelector('p')!.textContent).toMatch(/^If .*, then x = 6\.$/);
    expect(renderMath('x^2')).toContain('katex');
  });
});
