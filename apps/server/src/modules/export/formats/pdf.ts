import { PdfWriter, type Style } from './pdf-layout.js';
import { answerText, blankLabel, PART_NAMES, standardText, type QuestionRecord } from './question-record.js';

const INK = '#1f2328';
const MUTED = '#57606a';
const RIGHT = '#1a7f37';
const WRONG = '#cf222e';

const en = (size: number, extra: Partial<Style> = {}): Style => ({ size, lang: 'en', ...extra });
const zh = (size: number, extra: Partial<Style> = {}): Style => ({ size, lang: 'zh', ...extra });

export interface PdfHeader {
  title: string;
  learner: string;
  /** What it holds, e.g. "错题、笔记 · 数学". */
  scope: string;
  /** The day it was made, as the footer prints it. */
  day: string;
}

function header(w: PdfWriter, h: PdfHeader, count: number): void {
  w.plain(h.title, zh(20, { bold: true, after: 6 }));
  w.plain(`${h.learner} · ${h.scope} · 共 ${count} 题 · ${h.day}`, zh(10, { color: MUTED, after: 4 }));
  w.rule('#8c959f');
  w.space(6);
}

function options(w: PdfWriter, r: QuestionRecord): void {
  const groups = r.optionGroups;
  groups.forEach((group, gi) => {
    if (groups.length > 1) w.plain(`空 ${blankLabel(gi)}`, zh(9, { color: MUTED, indent: 10, after: 1 }));
    for (const o of group) {
      const label = `${o.key}. `;
      const hang = w.measure('M. ', 'serifBold', 10.5);
      // A hanging label: the option's lines start after it, the first line begins at the label.
      w.rich(`**${label}**${o.text}`, en(10.5, { indent: 10 + hang, firstIndent: -hang, after: 2 }));
    }
  });
}

function media(w: PdfWriter, r: QuestionRecord): void {
  for (const m of r.media) {
    if (m.kind === 'svg') w.figure(m.svg, 300);
    else {
      if (m.caption) w.plain(m.caption, zh(9, { color: MUTED, after: 2 }));
      w.table(m.header, m.rows, 9);
    }
  }
}

function answers(w: PdfWriter, r: QuestionRecord): void {
  const mine = answerText(r, r.myAnswer);
  if (r.myAnswer) {
    const times = r.wrongCount > 1 ? `（错过 ${r.wrongCount} 次）` : '';
    w.rich(`**你的答案：**${mine || '未作答'}${times}`, zh(10.5, { color: WRONG, after: 3 }));
  }
  if (!r.answers) {
    w.plain('正确答案与解析：这道题在你正在进行的考试中，交卷后再导出即可看到。', zh(10, { color: MUTED, after: 4 }));
    return;
  }
  w.rich(`**正确答案：**${standardText(r, r.answers.standard) || '—'}`, zh(10.5, { color: RIGHT, after: 5 }));
  w.plain('解析', zh(10.5, { bold: true, color: INK, after: 2 }));
  w.rich(r.answers.analysis, zh(10, { color: INK, after: 3 }));
  if (r.answers.keyWords.length) w.plain(`考点：${r.answers.keyWords.join('、')}`, zh(9.5, { color: MUTED, after: 3 }));
}

function note(w: PdfWriter, r: QuestionRecord): void {
  if (!r.note && r.tags.length === 0) return;
  w.plain('我的笔记', zh(10.5, { bold: true, after: 2 }));
  for (const [label, text] of r.note?.fields ?? []) w.plain(`${label}：${text}`, zh(10, { indent: 8, after: 2 }));
  if (r.note?.reasons.length) w.plain(`错因：${r.note.reasons.join('、')}`, zh(10, { indent: 8, after: 2 }));
  if (r.tags.length) w.plain(`收藏标签：${r.tags.join('、')}`, zh(10, { indent: 8, after: 2 }));
}

/**
 * The printable book of the learner's questions: each with its passage (printed once for the questions that share
 * it), directions, stem, quantities, figures, options, the learner's answer, the right answer, the Chinese
 * explanation and their note; page numbers in the footer. `progress` hears each question as it is set.
 */
export async function questionsPdf(
  records: QuestionRecord[],
  h: PdfHeader,
  progress: (done: number) => Promise<void>,
): Promise<Buffer> {
  const w = new PdfWriter({ title: h.title, author: h.learner });
  header(w, h, records.length);
  if (records.length === 0) w.plain('所选范围内还没有题目。', zh(12, { color: MUTED }));
  let lastPassage: string | null = null;
  for (const [i, r] of records.entries()) {
    w.ensure(80);
    w.rich(
      `**第 ${i + 1} 题**  ${r.categoryName} · ${r.kindName} · ${r.difficulty} · ${r.marks.map((m) => PART_NAMES[m]).join('、')}  ${r.id}`,
      zh(10, { color: MUTED, after: 4 }),
    );
    if (r.passage) {
      if (r.passage.id === lastPassage) w.plain('（文章同上）', zh(9.5, { color: MUTED, after: 4 }));
      else {
        w.plain(r.passage.title ? `阅读文章：${r.passage.title}` : '阅读文章', zh(10, { bold: true, after: 3 }));
        w.rich(r.passage.text, en(10.5, { after: 6 }));
      }
      lastPassage = r.passage.id;
    }
    if (r.description) w.rich(r.description, en(9.5, { color: MUTED, after: 3 }));
    w.rich(r.inquiry, en(11.5, { after: 5 }));
    if (r.quantityA !== null) w.rich(`**Quantity A:** ${r.quantityA}`, en(11, { indent: 10, after: 2 }));
    if (r.quantityB !== null) w.rich(`**Quantity B:** ${r.quantityB}`, en(11, { indent: 10, after: 5 }));
    media(w, r);
    options(w, r);
    w.space(4);
    answers(w, r);
    note(w, r);
    w.space(6);
    w.rule();
    w.space(6);
    await progress(i + 1);
  }
  return w.finish(`${h.title} · ${h.learner} · ${h.day}`);
}
