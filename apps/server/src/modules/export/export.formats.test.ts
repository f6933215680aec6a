import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportCalls, type DataExport } from '@gre/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { exportTestApp, idle, seedLearner, workExports, type Seeded } from './export.fixtures.js';
import { ANKI_COLUMNS } from './formats/anki.js';
import { CSV_COLUMNS } from './formats/csv.js';

let t: TestApp & { dataDir: string };
let a: Seeded;
let b: Seeded;

beforeAll(async () => {
  t = await exportTestApp();
  a = await seedLearner(t, 'A');
  b = await seedLearner(t, 'B');
  await workExports(t);
}, 60_000);
afterAll(() => t.close());

/** Runs one export of learner A to Done and returns its file's bytes. */
async function exportOf(body: Record<string, unknown>): Promise<{ row: DataExport; bytes: Buffer }> {
  const created = await t.call(exportCalls.create, body, { token: a.learner.token });
  expect(created.status).toBe(200);
  await idle(t);
  const row = (await t.call(exportCalls.get, { id: created.data.export.id }, { token: a.learner.token })).data.export;
  expect(row.status).toBe('Done');
  return { row, bytes: readFileSync(join(t.dataDir, 'exports', row.file_name!)) };
}

describe('csv', () => {
  it("is UTF-8 with a BOM, CRLF rows, Chinese headers, and parses back to the learner's questions", async () => {
    const { bytes } = await exportOf({ kind: 'csv', scope: { parts: ['wrongs', 'collect', 'note'] } });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n').length).toBeGreaterThan(3);
    const rows: string[][] = parse(text, { bom: true, relax_column_count: false });
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const byId = new Map(rows.slice(1).map((r) => [r[0], Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]!]))]));
    expect([...byId.keys()].sort()).toEqual(['q-fx-qc-1', 'q-fx-rc-1', 'q-fx-tc1-1']);
    const tc = byId.get('q-fx-tc1-1')!;
    expect(tc).toMatchObject({ 分类: '填空', 题型: '单空填空', 我的答案: 'A', 错误次数: '2', 正确答案: 'B' });
    expect(tc['标记']).toBe('错题、笔记');
    expect(tc['我的笔记']).toContain(a.secret);
    expect(tc['我的笔记']).toContain('错因：词汇不认识');
    expect(tc['选项']!.split('\n')).toEqual(['A. tepid', 'B. scathing', 'C. fulsome', 'D. candid', 'E. equivocal']);
    expect(tc['题目']).toContain('____');
    const qc = byId.get('q-fx-qc-1')!;
    expect(qc['收藏标签']).toBe('重点A');
    // Formulas flattened to text: "$x + 1$" reads as "x + 1".
    expect(qc['题目']).toContain('Quantity A: x + 1');
    expect(qc['解析']).not.toContain('$');
    expect(byId.get('q-fx-rc-1')!['文章']).toContain('Glaciers record the climate');
    expect(text).not.toContain(b.secret);
  });

  it('holds only the parts and category asked for', async () => {
    const { bytes } = await exportOf({ kind: 'csv', scope: { parts: ['collect'], category: 3 } });
    const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
    expect(rows.slice(1).map((r) => r[0])).toEqual(['q-fx-qc-1']);
  });
});

describe('anki', () => {
  it("writes Anki's import headers, then one note per word of the decks and word books", async () => {
    const { bytes } = await exportOf({ kind: 'anki' });
    const lines = bytes.toString('utf8').trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '#separator:tab',
      '#html:true',
      '#deck:GRE 单词',
      '#tags column:4',
      `#columns:${ANKI_COLUMNS.join('\t')}`,
    ]);
    const notes = lines.slice(5).map((l) => l.split('\t'));
    for (const n of notes) expect(n).toHaveLength(4);
    const byWord = new Map(notes.map((n) => [n[0], n]));
    expect([...byWord.keys()].sort()).toEqual(['abate', 'laconic', 'zzqx']);
    // A word met in a question: its sentence; from the deck and the word book: both tags.
    expect(byWord.get('laconic')![2]).toBe('His laconic reply A.');
    expect(byWord.get('abate')![3]!.split(' ').sort()).toEqual(['生词本::生词本_A', '闪卡::卡组_A']);
    // Chinese senses from the dictionary (the shipped lists know both words).
    expect(byWord.get('laconic')![1]).toMatch(/简洁/);
    expect(byWord.get('abate')![1]).toMatch(/减/);
    // A word no dictionary knows still makes a note, with empty senses.
    expect(byWord.get('zzqx')![1]).toBe('');
  });
});

describe('json', () => {
  it("holds the learner's whole account and none of another learner's rows", async () => {
    const { bytes } = await exportOf({ kind: 'json' });
    const text = bytes.toString('utf8');
    const doc = JSON.parse(text) as Record<string, unknown>;
    expect(doc.profile).toMatchObject({ id: a.learner.user.id, email: a.learner.user.email });
    expect(text).not.toMatch(/password|token_hash|passwordHash/i);
    expect(text).not.toContain(b.secret);
    expect(text).not.toContain(b.learner.user.email!);
    expect(text).not.toContain('学员B');

    const db = t.deps.database.db;
    const ids = async (table: string, owner = 'user_id') =>
      (
        await db.execute<{ id: number }>(
          sql`select id from ${sql.raw(table)} where ${sql.raw(owner)} = ${a.learner.user.id} order by id`,
        )
      ).rows.map((r) => Number(r.id));
    const idsIn = (section: string) => (doc[section] as { id: number }[]).map((r) => r.id);
    for (const [section, table] of [
      ['crafts', 'crafts'],
      ['collect_tags', 'collect_tags'],
      ['exams', 'exams'],
      ['flash_decks', 'flashes'],
      ['word_books', 'word_books'],
      ['mails', 'mails'],
    ] as const) {
      expect(idsIn(section), section).toEqual(await ids(table));
      expect(idsIn(section).length, section).toBeGreaterThan(0);
    }
    const deckIds = new Set(idsIn('flash_decks'));
    expect((doc.flash_cards as { flash_id: number }[]).every((c) => deckIds.has(c.flash_id))).toBe(true);
    const bookIds = new Set(idsIn('word_books'));
    expect((doc.word_book_entries as { book_id: number }[]).every((e) => bookIds.has(e.book_id))).toBe(true);
    const examIds = new Set(idsIn('exams'));
    expect((doc.exam_items as { exam_id: number }[]).map((i) => i.exam_id).every((id) => examIds.has(id))).toBe(true);
    expect(doc.exam_items).toHaveLength(1);
  });
});

describe('pdf', () => {
  it('is a PDF with the Chinese font embedded, one question per marked craft', async () => {
    const { row, bytes } = await exportOf({ kind: 'pdf', scope: { parts: ['wrongs', 'note'] } });
    expect(row.file_name).toMatch(/^gre-questions-\d{8}-\d+\.pdf$/);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/NotoSansHans/);
    expect(raw).toMatch(/\/Type \/Page\b/);
  }, 60_000);
});
