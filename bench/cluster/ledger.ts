// Lost answers: every answer the server acknowledged (ok) is looked up in exam_items afterwards. Missing (no row, or
// no answer stored) or different (another answer stored) both count as lost; the run's verdict wants 0.
import type { Acknowledged } from './learner.js';
import type { Sql } from './learners.js';

/** The fields an answer carries, compared whatever extra keys or order the stored JSON has. */
function same(stored: unknown, sent: Acknowledged['answer']): boolean {
  if (!stored || typeof stored !== 'object') return false;
  const s = stored as Record<string, unknown>;
  const eq = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return (
    eq(list(s.selects), sent.selects) &&
    eq([...list(s.multi_selects)].sort(), [...sent.multi_selects].sort()) &&
    eq(text(s.text), sent.text) &&
    eq(text(s.text2), sent.text2) &&
    eq(text(s.essay), sent.essay)
  );
}

export interface LedgerCheck {
  acknowledged: number;
  by_call: { answer: number; check: number };
  missing: number;
  different: number;
  lost: number;
  examples: string[];
}

export async function checkLedger(sql: Sql, ledger: Acknowledged[]): Promise<LedgerCheck> {
  // The last acknowledged answer of a question is the one that must be stored.
  const last = new Map<string, Acknowledged>();
  for (const a of ledger) last.set(`${a.exam_id}:${a.section_index}:${a.question_index}`, a);
  const stored = new Map<string, unknown>();
  const ids = [...new Set([...last.values()].map((a) => a.exam_id))];
  for (let i = 0; i < ids.length; i += 500) {
    const { rows } = await sql.query<{
      exam_id: string | number;
      section_index: number;
      position: number;
      answer: unknown;
    }>('select exam_id, section_index, position, answer from exam_items where exam_id = any($1::bigint[])', [
      ids.slice(i, i + 500),
    ]);
    for (const r of rows) {
      const answer = typeof r.answer === 'string' ? (JSON.parse(r.answer) as unknown) : r.answer;
      stored.set(`${r.exam_id}:${r.section_index}:${r.position}`, answer);
    }
  }
  let missing = 0;
  let different = 0;
  const examples: string[] = [];
  for (const [key, a] of last) {
    const s = stored.get(key);
    if (s === undefined || s === null) missing += 1;
    else if (!same(s, a.answer)) different += 1;
    else continue;
    if (examples.length < 10)
      examples.push(`${key} via ${a.via}: sent ${JSON.stringify(a.answer)}, stored ${JSON.stringify(s ?? null)}`);
  }
  return {
    acknowledged: last.size,
    by_call: {
      answer: ledger.filter((a) => a.via === 'answer').length,
      check: ledger.filter((a) => a.via === 'check').length,
    },
    missing,
    different,
    lost: missing + different,
    examples,
  };
}
