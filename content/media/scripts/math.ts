import katex from 'katex';

/**
 * Typesets the math of a source page: `$$…$$` as display math, `\(…\)` inline (never `$…$`, so prices and plain
 * dollar signs stay text). A TeX error stops the build rather than printing a red formula into a PDF.
 */
export function renderMath(html: string): string {
  const tex = (source: string, displayMode: boolean) => katex.renderToString(source.trim(), { displayMode, throwOnError: true, strict: 'error', output: 'html' });
  return html.replace(/\$\$([\s\S]+?)\$\$/g, (_, s: string) => tex(s, true)).replace(/\\\(([\s\S]+?)\\\)/g, (_, s: string) => tex(s, false));
}
