import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, validPackage, type TestUser } from '../../../test/fixtures.js';
import type { InProcessQueue } from '../../lib/job-queue.js';
import { importPackage } from '../content-import/index.js';
import { EXPORT_JOB, runExport, type ExportJobData } from './export.job.js';

// Fixtures of the export tests: an app whose DATA_DIR is a fresh folder, the small valid content package, and a
// learner with something of every kind the export reads (marked questions, tags, word books, a deck, mails, an exam).

export async function exportTestApp(): Promise<TestApp & { dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gre-export-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  await importPackage(t.deps.database.db, validPackage());
  return Object.assign(t, { dataDir });
}

/** Runs export jobs in this app (test apps register no job handlers of their own). */
export async function workExports(t: TestApp): Promise<void> {
  await t.deps.queue.work<ExportJobData>(EXPORT_JOB, (data, deps) => runExport(deps, data));
}

export const idle = (t: TestApp) => (t.deps.queue as InProcessQueue).idle();

const answer = (selects: string[]) => ({ selects, multi_selects: [], text: '', text2: '', essay: '' });
const source = { name: '练习', exam_id: null, template_id: null, update_time_stamp: 0, page: 'Exam' };

export interface Seeded {
  learner: TestUser;
  /** Text only this learner wrote: none of it may show in another learner's export. */
  secret: string;
}

/**
 * A learner with: q-fx-tc1-1 wrong (answered A, twice) and noted, q-fx-qc-1 collected under a tag, q-fx-rc-1 wrong
 * only; a word book and a flash deck; two mails; a finished exam with one item; a day of activity.
 */
export async function seedLearner(t: TestApp, label: string): Promise<Seeded> {
  const learner = await createUser(t.deps, { name: `学员${label}` });
  const id = learner.user.id;
  const secret = `${label} 的私人笔记 ${Math.random().toString(36).slice(2)}`;
  const db = t.deps.database.db;
  const [tag] = (
    await db.execute<{ id: number }>(
      sql`insert into collect_tags (user_id, name) values (${id}, ${`重点${label}`}) returning id`,
    )
  ).rows;
  const note = {
    text_input: { review: secret, difficulty: '', new_way: '先找转折词', puzzle: '', note: '' },
    reasons: [{ name: '词汇不认识', type: 'knowledge', checked: true }],
    review: { mastery: 1, reviewed: false, improvement: '', reasons: [] },
  };
  const wrong = { answer: answer(['A']), time: 40, source, count: 2 };
  await db.execute(sql`
    insert into crafts (user_id, question_id, wrong, note, source, updated_at) values
      (${id}, 'q-fx-tc1-1', ${JSON.stringify(wrong)}::jsonb, ${JSON.stringify(note)}::jsonb, ${JSON.stringify(source)}::jsonb, now() - interval '1 hour'),
      (${id}, 'q-fx-rc-1', ${JSON.stringify({ ...wrong, count: 1 })}::jsonb, null, null, now() - interval '2 hours')`);
  await db.execute(sql`
    insert into crafts (user_id, question_id, collect, updated_at) values
      (${id}, 'q-fx-qc-1', ${JSON.stringify({ collected: true, collect_ids: [Number(tag!.id)], word: null })}::jsonb, now())`);
  const [book] = (
    await db.execute<{ id: number }>(
      sql`insert into word_books (user_id, name) values (${id}, ${`生词本 ${label}`}) returning id`,
    )
  ).rows;
  await db.execute(
    sql`insert into word_book_entries (book_id, word) values (${book!.id}, 'laconic'), (${book!.id}, 'abate')`,
  );
  const [deck] = (
    await db.execute<{ id: number }>(
      sql`insert into flashes (user_id, name, range_kind, all_card_count, stages, misses)
        values (${id}, ${`卡组 ${label}`}, 1, 2, '{Learn,NotSeen}', '{1,0}') returning id`,
    )
  ).rows;
  await db.execute(
    sql`insert into flash_cards (flash_id, word, position) values (${deck!.id}, 'abate', 0), (${deck!.id}, 'zzqx', 1)`,
  );
  await db.execute(
    sql`insert into word_encounters (user_id, word, question_id, sentence) values (${id}, 'laconic', 'q-fx-tc1-1', ${`His laconic reply ${label}.`})`,
  );
  await db.execute(sql`
    insert into mails (user_id, race, subject, content) values
      (${id}, 'remind', ${`提醒 ${label}`}, ${secret}), (${id}, 'chat', ${`回复 ${label}`}, '<p>hi</p>')`);
  const [exam] = (
    await db.execute<{ id: number }>(sql`
      insert into exams (user_id, name, kind, source, status, create_option)
      values (${id}, ${`考试 ${label}`}, 'filter', 'Exam', 'Finished', '{}'::jsonb) returning id`)
  ).rows;
  await db.execute(sql`
    insert into exam_sections (exam_id, index, name, area, time_limit_seconds, question_count, finished)
    values (${exam!.id}, 0, 'Verbal', 'practice', 0, 1, true)`);
  await db.execute(sql`
    insert into exam_items (exam_id, section_index, position, question_id, input_kind, answer, correct)
    values (${exam!.id}, 0, 0, 'q-fx-tc1-1', 'OneBoxFill', ${JSON.stringify(answer(['A']))}::jsonb, false)`);
  await db.execute(
    sql`insert into daily_activity (user_id, day, questions, correct) values (${id}, '2026-11-20', 3, 1)`,
  );
  return { learner, secret };
}
