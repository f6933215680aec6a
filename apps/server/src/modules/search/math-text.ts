/**
 * Inline LaTeX ($…$) as readable plain text, for search snippets: a snippet is a cut of the text shown as a line
 * with highlights, where KaTeX cannot run on half a formula, and `\frac{2}{3}` would read as noise.
 */

const SYMBOLS: Record<string, string> = {
  times: '×',
  div: '÷',
  cdot: '·',
  le: '≤',
  leq: '≤',
  ge: '≥',
  geq: '≥',
  ne: '≠',
  neq: '≠',
  approx: '≈',
  pm: '±',
  pi: 'π',
  theta: 'θ',
  alpha: 'α',
  beta: 'β',
  Delta: 'Δ',
  circ: '°',
  angle: '∠',
  triangle: '△',
  ldots: '…',
  cdots: '…',
  dots: '…',
  infty: '∞',
  Rightarrow: '⇒',
  rightarrow: '→',
  sim: '~',
  parallel: '∥',
  perp: '⊥',
  in: '∈',
  cup: '∪',
  cap: '∩',
  ell: 'ℓ',
  lfloor: '⌊',
  rfloor: '⌋',
  lceil: '⌈',
  rceil: '⌉',
  quad: ' ',
  qquad: ' ',
  left: '',
  right: '',
  displaystyle: '',
  '%': '%',
  '{': '{',
  '}': '}',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
  $: '$',
};

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  n: 'ⁿ',
};

/** `x` as one operand: bare when it is a single token, else in parentheses. */
const operand = (x: string) => (/^[\p{L}\p{N}.]+$/u.test(x.trim()) ? x.trim() : `(${x.trim()})`);

const power = (x: string) => {
  const chars = [...x.trim()];
  return chars.length > 0 && chars.every((c) => SUPERSCRIPT[c])
    ? chars.map((c) => SUPERSCRIPT[c]).join('')
    : `^${operand(x)}`;
};

/** One formula's body, innermost groups first, so nested fractions and roots come out right. */
export function latexToText(tex: string): string {
  let s = tex.replace(/\^\s*\{\s*\\circ\s*\}/g, '°');
  // A group without nested braces; applying the rules until nothing changes works outwards from the innermost.
  const g = '\\{([^{}]*)\\}';
  for (let round = 0; round < 8; round += 1) {
    const before = s;
    s = s
      .replace(
        new RegExp(`\\\\[dt]?frac\\s*${g}\\s*${g}`, 'g'),
        (_m, a: string, b: string) => `${operand(a)}/${operand(b)}`,
      )
      .replace(
        new RegExp(`\\\\binom\\s*${g}\\s*${g}`, 'g'),
        (_m, a: string, b: string) => `C(${a.trim()}, ${b.trim()})`,
      )
      .replace(
        new RegExp(`\\\\sqrt\\s*\\[([^\\]]*)\\]\\s*${g}`, 'g'),
        (_m, n: string, a: string) => `${power(n)}√${operand(a)}`,
      )
      .replace(new RegExp(`\\\\sqrt\\s*${g}`, 'g'), (_m, a: string) => `√${operand(a)}`)
      .replace(new RegExp(`\\\\(?:text|mathrm|mathbf|mathit|textbf|operatorname)\\s*${g}`, 'g'), '$1')
      .replace(new RegExp(`\\\\overline\\s*${g}`, 'g'), '$1')
      .replace(new RegExp(`\\^\\s*${g}`, 'g'), (_m, a: string) => power(a))
      .replace(new RegExp(`_\\s*${g}`, 'g'), '$1');
    if (s === before) break;
  }
  return (
    s
      .replace(/\^\s*\\circ/g, '°')
      // A command ends at its name: `\angle ABC` is ∠ABC.
      .replace(/\\(angle|triangle)\s*/g, (_m, name: string) => SYMBOLS[name]!)
      .replace(/\^\s*([\p{L}\p{N}])/gu, (_m, a: string) => power(a))
      .replace(/_\s*([\p{L}\p{N}])/gu, '$1')
      .replace(
        /\\([A-Za-z]+|[%{},;:! $])/g,
        (m, name: string) => SYMBOLS[name] ?? (/^[A-Za-z]+$/.test(name) ? name : m),
      )
      .replace(/[{}]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Every `$…$` formula of `text` as plain text; the rest of the text as it is. */
export function plainMath(text: string): string {
  if (!text.includes('$')) return text;
  return text.replace(/\$\$?([^$]+)\$\$?/g, (_m, tex: string) => latexToText(tex));
}
