import katex from 'katex';
import 'katex/dist/katex.min.css';

/**
 * TeX → KaTeX HTML. `throwOnError: false` shows a bad formula as red source text instead of breaking the page;
 * `trust: false` keeps \href, \url, \includegraphics and \html… commands off, so content cannot inject markup.
 * Imported only through math.ts, on the first formula: KaTeX and its stylesheet stay out of every first load.
 */
export function typeset(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
  });
}
