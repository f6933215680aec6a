import { exportScopeSchema, type ExportKind, type ExportScope } from '@gre/contracts';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { answersHeldFor, bankWords, CATEGORY_CONFIG, wordIndex } from '../questions/index.js';
import { plainMath } from '../search/index.js';
import { ACCOUNT_SECTIONS, type AccountSection } from './account.repository.js';
import type { ExportRow } from './export.repository.js';
import { cardWords, metSentences } from './learner-data.repository.js';
import { ankiFile, type AnkiCard } from './formats/anki.js';
import { questionsCsv } from './formats/csv.js';
import { questionsPdf } from './formats/pdf.js';
import { PART_NAMES } from './formats/question-record.js';
import { questionRecords } from './formats/records.js';

/** What a builder is given: the learner as they are now, the export's row, and where to report how far it is (0–1). */
export interface BuildContext {
  deps: Deps;
  actor: Actor;
  row: ExportRow;
  progress: (fraction: number) => Promise<void>;
}

export type Builder = (ctx: BuildContext) => Promise<Buffer>;

const shanghaiDay = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

function scopeOf(row: ExportRow): ExportScope {
  return exportScopeSchema.parse(row.scope);
}

/** "错题、笔记 · 数学": what a question export holds, for its title lines. */
export function scopeLabel(scope: ExportScope): string {
  const category = CATEGORY_CONFIG.categories.find((c) => c.id === scope.category)?.name ?? '全部分类';
  return `${scope.parts.map((p) => PART_NAMES[p]).join('、')} · ${category}`;
}

/** Content text flattened for a spreadsheet: formulas as plain text, bold marks dropped. */
const flat = (text: string) => plainMath(text).replaceAll('**', '');

const pdf: Builder = async ({ deps, actor, row, progress }) => {
  const scope = scopeOf(row);
  const records = await questionRecords(deps, actor, scope);
  await progress(0.1);
  return questionsPdf(
    records,
    { title: 'GRE 我的题目', learner: actor.user.name, scope: scopeLabel(scope), day: shanghaiDay(row.createdAt) },
    (done) => progress(0.1 + (0.85 * done) / records.length),
  );
};

const csv: Builder = async ({ deps, actor, row, progress }) => {
  const records = await questionRecords(deps, actor, scopeOf(row));
  await progress(0.6);
  return Buffer.from(questionsCsv(records, flat), 'utf8');
};

/** Bank sentences tried per word before giving up on an example the learner may see. */
const EXAMPLE_CANDIDATES = 5;

/**
 * The words of the learner's flash decks and word books, each once: Chinese senses from the dictionary (GRE senses
 * first), and an example — the sentence the learner met it in, else one from a bank question they may see that no
 * running exam of theirs holds.
 */
const anki: Builder = async ({ deps, actor, progress }) => {
  const { db } = deps.database;
  const [{ cards, books }, met, index] = await Promise.all([
    cardWords(db, actor.user.id),
    metSentences(db, actor.user.id),
    wordIndex(),
  ]);
  await progress(0.3);
  const byWord = new Map<string, { word: string; tags: string[] }>();
  const add = (word: string, tag: string) => {
    const key = word.trim().toLowerCase();
    if (!key) return;
    const entry = byWord.get(key) ?? { word: word.trim(), tags: [] };
    if (!entry.tags.includes(tag)) entry.tags.push(tag);
    byWord.set(key, entry);
  };
  for (const c of cards) add(c.word, `闪卡::${c.deck}`);
  for (const b of books) add(b.word, `生词本::${b.book}`);
  const needBank = [...byWord.keys()].filter((k) => !met.has(k));
  const bank = needBank.length ? await bankWords(deps.database) : null;
  const visibilities = visibleVisibilities(actor);
  const candidates = new Map(
    needBank.map((k) => [k, bank!.occurrences(k, { visibilities, unblanked: true, limit: EXAMPLE_CANDIDATES })]),
  );
  const held = await answersHeldFor(deps, actor.user.id, [
    ...new Set([...candidates.values()].flat().map((o) => o.question_id)),
  ]);
  await progress(0.6);
  const out: AnkiCard[] = [...byWord].map(([key, { word, tags }]) => {
    const entry = index.lookup(word).entries[0];
    const meanings = entry ? (entry.gre_senses.length ? entry.gre_senses : entry.translation) : [];
    const example = met.get(key) ?? candidates.get(key)?.find((o) => !held.has(o.question_id))?.sentence ?? '';
    return { word, phonetic: entry?.phonetic ?? '', meanings, example, tags };
  });
  return Buffer.from(ankiFile(out), 'utf8');
};

/** The whole account, one section after another; each section only the learner's own rows (account.repository). */
const json: Builder = async ({ deps, actor, row, progress }) => {
  const sections = Object.keys(ACCOUNT_SECTIONS) as AccountSection[];
  const data: Record<string, unknown> = {};
  for (const [i, name] of sections.entries()) {
    const rows = await ACCOUNT_SECTIONS[name](deps.database.db, actor.user.id);
    data[name] = name === 'profile' || name === 'mail_settings' ? (rows[0] ?? null) : rows;
    await progress((i + 1) / sections.length);
  }
  const doc = { format: 'gre-account-export', version: 1, exported_at: row.createdAt.toISOString(), ...data };
  return Buffer.from(JSON.stringify(doc, null, 2), 'utf8');
};

export const BUILDERS: Record<ExportKind, Builder> = { pdf, csv, anki, json };
