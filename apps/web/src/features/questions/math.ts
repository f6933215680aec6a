import katex from 'katex';
import 'katex/dist/katex.min.css';

/** Typeset TeX is cached: the same option or quantity re-renders on every answer change. */
const cache = new Map<string, string>();
const CACHE_LIMIT = 2000;

/**
 * TeX → KaTeX HTML. `throwOnError: false` shows a bad formula as red source text instead of breaking the page;
 * `trust: false` keeps \href, \url, \includegraphics and \html… commands off, so content cannot inject markup.
 */
export function renderMath(tex: string, display = false): string {
  const key = `${display ? 'D' : 'I'}${tex}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = katex.renderToString(tex, { displayMode: display, throwOnError: false, trust: false, strict: 'ignore', output: 'htmlAndMathml' });
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, html);
  return html;
}
