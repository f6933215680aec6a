import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseRichText, type Inline } from '@gre/contracts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { typesetMath, type MathBox } from './pdf-math.js';

/**
 * A small typesetter over pdfkit for the printed export: paragraphs of content text (parseRichText: `$…$` math,
 * `**bold**`, `{{n}}` blanks) laid out line by line, English in Times, Chinese in Noto Sans Hans (embedded, subset to
 * the characters used), formulas as MathJax SVG sitting on the text's baseline, page breaks between lines. pdfkit's
 * own text flow cannot hold a formula inside a line, hence this.
 */

export type FontKey = 'serif' | 'serifBold' | 'sans' | 'sansBold';
const STANDARD: Record<'serif' | 'serifBold', string> = { serif: 'Times-Roman', serifBold: 'Times-Bold' };

const fontDir = join(dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');
/** Read once per process: a few export jobs share the bytes (pdfkit subsets what each document uses). */
let cjkFonts: { regular: Buffer; bold: Buffer } | null = null;
function cjk(): { regular: Buffer; bold: Buffer } {
  cjkFonts ??= {
    regular: readFileSync(join(fontDir, 'NotoSansHans-Regular.otf')),
    bold: readFileSync(join(fontDir, 'NotoSansHans-Bold.otf')),
  };
  return cjkFonts;
}

/** Characters the standard Times fonts draw (WinAnsi); anything else goes to the CJK font. */
const WIN_ANSI_EXTRA = new Set([...'‘’“”–—…•€™‚„†‡‰‹›ŒœŠšŸŽžƒˆ˜']);
const inWinAnsi = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};

/** Chinese punctuation never begins a line, and opening marks never end one. */
const NO_LINE_START = new Set([...'，。、；：？！）》」』】〉”’…—,.;:?!)%']);
const NO_LINE_END = new Set([...'（《「『【〈“‘(']);
const isCjkChar = (c: string) => /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/.test(c);

export interface Style {
  size: number;
  /** 'en' sets Latin in Times; 'zh' sets the whole paragraph in the sans font. */
  lang: 'en' | 'zh';
  bold?: boolean;
  color?: string;
  /** Left indent of every line, and of the first line only (negative: a hanging label). */
  indent?: number;
  firstIndent?: number;
  /** Space after the paragraph. */
  after?: number;
}

type Token =
  | { k: 'text'; s: string; font: FontKey; w: number; space: boolean; bold: boolean }
  | { k: 'math'; box: MathBox; w: number; ascent: number; descent: number };

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly left: number;
  readonly width: number;
  private readonly top: number;
  private readonly bottom: number;
  y: number;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(info: { title: string; author: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 56, bottom: 64, left: 56, right: 56 },
      bufferPages: true,
      info: { Title: info.title, Author: info.author, Creator: 'GRE 备考' },
      lang: 'zh-CN',
    });
    const fonts = cjk();
    this.doc.registerFont('sans', fonts.regular);
    this.doc.registerFont('sansBold', fonts.bold);
    this.doc.on('data', (c: Buffer) => this.chunks.push(c));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.left = this.doc.page.margins.left;
    this.width = this.doc.page.width - this.left - this.doc.page.margins.right;
    this.top = this.doc.page.margins.top;
    this.bottom = this.doc.page.height - this.doc.page.margins.bottom;
    this.y = this.top;
  }

  private fontName(key: FontKey): string {
    return key === 'sans' || key === 'sansBold' ? key : STANDARD[key];
  }

  measure(s: string, font: FontKey, size: number): number {
    return this.doc.font(this.fontName(font)).fontSize(size).widthOfString(s);
  }

  /** Room for `h` more points on this page, or a new page. */
  ensure(h: number): void {
    if (this.y + h > this.bottom) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.top;
  }

  space(h: number): void {
    this.y += h;
  }

  /** A thin rule across the text width. */
  rule(color = '#d0d7de'): void {
    this.ensure(8);
    this.doc
      .moveTo(this.left, this.y + 3)
      .lineTo(this.left + this.width, this.y + 3)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
    this.y += 8;
  }

  /** One run of plain text into tokens: English words whole, each Chinese character alone, spaces as glue. */
  private textTokens(s: string, style: Style, bold: boolean): Token[] {
    const out: Token[] = [];
    const latin: FontKey = bold ? 'serifBold' : 'serif';
    const sans: FontKey = bold ? 'sansBold' : 'sans';
    const fontOf = (c: string): FontKey => (style.lang === 'en' && inWinAnsi(c) ? latin : sans);
    const push = (piece: string, space: boolean) => {
      if (!piece) return;
      // A word set in one font: split where the font changes (an English word with a Greek letter in it).
      let run = '';
      let runFont: FontKey | null = null;
      const flush = () => {
        if (run && runFont)
          out.push({ k: 'text', s: run, font: runFont, w: this.measure(run, runFont, style.size), space, bold });
        run = '';
      };
      for (const c of piece) {
        const f = fontOf(c);
        if (runFont !== null && f !== runFont) flush();
        runFont = f;
        run += c;
      }
      flush();
    };
    let word = '';
    for (const c of s.replace(/\s+/g, ' ')) {
      if (c === ' ') {
        push(word, false);
        word = '';
        push(' ', true);
      } else if (isCjkChar(c)) {
        push(word, false);
        word = '';
        push(c, false);
      } else word += c;
    }
    push(word, false);
    return out;
  }

  private mathToken(tex: string, size: number): Token {
    const box = typesetMath(tex);
    // MathJax sizes in ex of the surrounding text; Times' x-height is about 0.45 em.
    const ex = size * 0.45;
    return { k: 'math', box, w: box.width * ex, ascent: (box.height - box.depth) * ex, descent: box.depth * ex };
  }

  private inlineTokens(inlines: Inline[], style: Style): Token[] {
    return inlines.flatMap((piece): Token[] => {
      if (piece.t === 'text') return this.textTokens(piece.parts.join(''), style, style.bold === true || piece.bold);
      if (piece.t === 'blank') return this.textTokens(` ____(${'i'.repeat(piece.n)})____ `, style, false);
      return [this.mathToken(piece.tex, style.size)];
    });
  }

  /** Content text (parseRichText) as paragraphs; display math gets a centred line of its own. */
  rich(text: string, style: Style): void {
    const paragraphs = parseRichText(text);
    paragraphs.forEach((p, i) => {
      const display = p.inlines.length === 1 && p.inlines[0]!.t === 'math' && p.inlines[0]!.display;
      const tokens = this.inlineTokens(
        p.bullet ? [{ t: 'text', parts: ['• '], bold: false }, ...p.inlines] : p.inlines,
        style,
      );
      this.lines(tokens, { ...style, after: i === paragraphs.length - 1 ? style.after : style.size * 0.35 }, display);
    });
  }

  /** Plain text (a label, a learner's note): no math or marks read into it. */
  plain(text: string, style: Style): void {
    for (const [i, line] of text.split(/\r?\n/).entries()) {
      const last = i === text.split(/\r?\n/).length - 1;
      this.lines(this.textTokens(line, style, style.bold === true), { ...style, after: last ? style.after : 2 });
    }
  }

  /** Breaks tokens into lines of the text width and draws them, a new page whenever the next line does not fit. */
  private lines(tokens: Token[], style: Style, centred = false): void {
    const indent = style.indent ?? 0;
    const first = indent + (style.firstIndent ?? 0);
    let line: Token[] = [];
    let width = 0;
    let isFirst = true;
    const room = () => this.width - (isFirst ? first : indent);
    const emit = () => {
      while (line.length && line[line.length - 1]!.k === 'text' && (line[line.length - 1] as { space: boolean }).space)
        line.pop();
      this.drawLine(line, style, isFirst ? first : indent, centred);
      line = [];
      width = 0;
      isFirst = false;
    };
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (line.length === 0 && t.k === 'text' && t.space) continue;
      if (width + t.w > room() && line.length > 0) {
        // Keep closing punctuation with the character before it, and an opening mark with the one after.
        let carry: Token[] = [];
        if (t.k === 'text' && NO_LINE_START.has(t.s[0]!)) carry = line.splice(-1);
        const last = line[line.length - 1];
        if (last?.k === 'text' && NO_LINE_END.has(last.s[last.s.length - 1]!)) carry = [...line.splice(-1), ...carry];
        if (line.length === 0) {
          line = carry;
          carry = [];
        }
        emit();
        line = carry;
        width = carry.reduce((n, c) => n + c.w, 0);
        if (t.k === 'text' && t.space) continue;
      }
      line.push(t);
      width += t.w;
    }
    if (line.length || isFirst) emit();
    this.y += style.after ?? 0;
  }

  private drawLine(line: Token[], style: Style, indent: number, centred: boolean): void {
    const size = style.size;
    let ascent = size * 0.9;
    let descent = size * 0.3;
    for (const t of line) {
      if (t.k === 'math') {
        ascent = Math.max(ascent, t.ascent + 1);
        descent = Math.max(descent, t.descent + 1);
      }
    }
    const gap = size * 0.35;
    const height = ascent + descent + gap;
    this.ensure(height);
    const baseline = this.y + gap / 2 + ascent;
    const used = line.reduce((n, t) => n + t.w, 0);
    let x = this.left + indent + (centred ? Math.max(0, (this.width - indent - used) / 2) : 0);
    for (const t of line) {
      if (t.k === 'text') {
        if (!t.space) {
          this.doc
            .font(this.fontName(t.font))
            .fontSize(size)
            .fillColor(style.color ?? '#1f2328')
            .text(t.s, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
        }
      } else {
        SVGtoPDF(this.doc, t.box.svg, x, baseline - t.ascent, {
          width: t.w,
          height: t.ascent + t.descent,
          preserveAspectRatio: 'none',
          fontCallback: () => 'sans',
        });
      }
      x += t.w;
    }
    this.y += height;
  }

  /** An SVG figure of the bank, scaled to at most `maxWidth` and centred. */
  figure(svg: string, maxWidth: number): void {
    const view = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
    const w0 = Number(view?.[1] ?? /width="([\d.]+)/.exec(svg)?.[1] ?? maxWidth);
    const h0 = Number(view?.[2] ?? /height="([\d.]+)/.exec(svg)?.[1] ?? maxWidth * 0.6);
    const w = Math.min(maxWidth, w0);
    const h = (h0 / w0) * w;
    this.ensure(h + 8);
    SVGtoPDF(this.doc, svg, this.left + (this.width - w) / 2, this.y + 4, {
      width: w,
      height: h,
      fontCallback: () => 'sans',
    });
    this.y += h + 8;
  }

  /** A data table of the bank: a header row, ruled cells, text in the sans font. */
  table(header: string[], rows: string[][], size: number): void {
    const cols = header.length;
    const cellW = this.width / cols;
    const rowH = size * 1.9;
    const drawRow = (cells: string[], bold: boolean) => {
      this.ensure(rowH);
      cells.forEach((c, i) => {
        const x = this.left + i * cellW;
        this.doc.rect(x, this.y, cellW, rowH).lineWidth(0.5).strokeColor('#8c959f').stroke();
        this.doc
          .font(bold ? 'sansBold' : 'sans')
          .fontSize(size)
          .fillColor('#1f2328')
          .text(c, x + 4, this.y + size * 0.45, { width: cellW - 8, height: rowH, lineBreak: false, ellipsis: true });
      });
      this.y += rowH;
    };
    drawRow(header, true);
    for (const r of rows) drawRow(r, false);
    this.y += 6;
  }

  /** Page numbers and the running footer on every page, then the finished file. */
  async finish(footer: string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const y = this.doc.page.height - this.doc.page.margins.bottom + 24;
      // The bottom margin is outside pdfkit's writable area: lift it while the footer is drawn.
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.font('sans').fontSize(8).fillColor('#8c959f');
      this.doc.text(footer, this.left, y, { lineBreak: false });
      const page = `第 ${i + 1} / ${range.count} 页`;
      this.doc.text(page, this.left + this.width - this.doc.widthOfString(page), y, { lineBreak: false });
      this.doc.page.margins.bottom = margin;
    }
    this.doc.end();
    return this.done;
  }
}
