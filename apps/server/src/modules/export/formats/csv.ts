import { answerText, PART_NAMES, standardText, type QuestionRecord } from './question-record.js';

/** The columns, in Chinese: Excel and WPS show the first row as the header. */
export const CSV_COLUMNS = [
  '题号',
  '分类',
  '题型',
  '难度',
  '标记',
  '收藏标签',
  '文章',
  '题目',
  '选项',
  '我的答案',
  '错误次数',
  '正确答案',
  '解析',
  '我的笔记',
  '标记时间',
] as const;

/** A byte-order mark: without it Excel opens UTF-8 as the local code page and Chinese turns to mojibake. */
const BOM = '\uFEFF';
/** Excel and WPS read a cell starting with these as a formula; a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell, always quoted (RFC 4180: quotes doubled), so commas, quotes and line breaks inside stay in the cell. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return `"${safe.replace(/\r\n?/g, '\n').replace(/"/g, '""')}"`;
}

/** Rows → CSV as Excel and WPS open it: BOM, CRLF between rows, every cell quoted. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const shanghaiTime = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The questions as one row each. `flat` turns content text's `$…$` math into readable plain text (the search module's
 * plainMath) — a spreadsheet cannot typeset it.
 */
export function questionsCsv(records: QuestionRecord[], flat: (text: string) => string): string {
  const rows = records.map((r) => {
    const options = r.optionGroups
      .map(
        (g, i) =>
          (r.optionGroups.length > 1 ? `空 ${i + 1}：` : '') + g.map((o) => `${o.key}. ${flat(o.text)}`).join('\n'),
      )
      .join('\n');
    const stem = [r.description, r.quantityA !== null ? `Quantity A: ${r.quantityA}` : '', r.inquiry]
      .concat(r.quantityB !== null ? [`Quantity B: ${r.quantityB}`] : [])
      .filter(Boolean)
      .map(flat)
      .join('\n');
    const note = [
      ...(r.note?.fields.map(([label, text]) => `${label}：${text}`) ?? []),
      ...(r.note?.reasons.length ? [`错因：${r.note.reasons.join('、')}`] : []),
    ].join('\n');
    return [
      r.id,
      r.categoryName,
      r.kindName,
      r.difficulty,
      r.marks.map((m) => PART_NAMES[m]).join('、'),
      r.tags.join('、'),
      r.passage ? flat(r.passage.text) : '',
      stem.replace(/\{\{(\d)\}\}/g, '____'),
      options,
      flat(answerText(r, r.myAnswer)),
      r.myAnswer ? String(r.wrongCount) : '',
      r.answers ? flat(standardText(r, r.answers.standard)) : '交卷后可见',
      r.answers ? flat(r.answers.analysis) : '交卷后可见',
      note,
      shanghaiTime(r.updatedAt),
    ];
  });
  return toCsv([[...CSV_COLUMNS], ...rows]);
}
