/**
 * Content text → paragraphs of inline pieces; the web's RichText and the server's printed export read it alike.
 * Content is plain text with three marks only: `$…$` inline math (`$$…$$` display, `\$` a literal dollar), `**…**`
 * bold, and `{{n}}` blanks in text completion stems. Everything else stays text, which React escapes, so nothing in
 * content can inject markup.
 */
export type Inline =
  /** `parts` alternates non-word / word runs (odd indexes are English words) so rendering needs no regex. */
  | { t: 'text'; parts: string[]; bold: boolean }
  | { t: 'math'; tex: string; display: boolean; bold: boolean }
  | { t: 'blank'; n: number };

/** One line of content: its pieces, and whether it is a "- " bullet (consecutive bullets render as one list). */
export interface Paragraph {
  bullet: boolean;
  inlines: Inline[];
}

const TOKEN = /\\\$|\$\$((?:[^$\\]|\\[\s\S])+?)\$\$|\$((?:[^$\\]|\\[\s\S])+?)\$|\{\{([1-9])\}\}|\*\*/g;

/** An English word, with inner apostrophes or hyphens (don't, well-known), for the click-a-word look-up. */
const WORD = /([A-Za-z]+(?:['’-][A-Za-z]+)*)/;

/** Splits a text run into alternating non-word / word pieces. */
export function splitWords(s: string): string[] {
  return s.split(WORD);
}

function parseInlines(src: string): Inline[] {
  const out: Inline[] = [];
  // `**` only bolds when it has a partner; an odd last marker stays literal.
  const boldMarks = [...src.matchAll(TOKEN)].filter((m) => m[0] === '**').length;
  const usableBold = boldMarks - (boldMarks % 2);
  let seenBold = 0;
  let bold = false;
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', parts: splitWords(buf), bold });
    buf = '';
  };
  let last = 0;
  for (const m of src.matchAll(TOKEN)) {
    buf += src.slice(last, m.index);
    last = m.index + m[0].length;
    const [whole, display, inline, blank] = m;
    if (whole === '\\$') buf += '$';
    else if (whole === '**') {
      if (seenBold < usableBold) {
        flush();
        bold = !bold;
      } else buf += whole;
      seenBold += 1;
    } else if (blank !== undefined) {
      flush();
      out.push({ t: 'blank', n: Number(blank) });
    } else {
      flush();
      out.push({ t: 'math', tex: (display ?? inline ?? '').trim(), display: display !== undefined, bold });
    }
  }
  buf += src.slice(last);
  flush();
  return out;
}

/** Paragraphs come from line breaks (one or more); blank lines do not make empty paragraphs. */
export function parseRichText(src: string): Paragraph[] {
  return src
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const bullet = /^[-•]\s+/.exec(line);
      return { bullet: Boolean(bullet), inlines: parseInlines(bullet ? line.slice(bullet[0].length) : line) };
    });
}
