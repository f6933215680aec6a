import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BOOK_TAILOR_NONE,
  bookFileSchema,
  checkMockBook,
  DIFFICULTIES,
  MOCK_SECTIONS,
  type ContentBook,
  type ContentQuestion,
  type MockSectionName,
} from '@gre/contracts';
import { BOOKS_DIR, readBank, readBooks, withCalibration } from './bank.js';

/**
 * `npm run build-mocks -w content`: writes content/books/mock.json, five complete adaptive mock exams drawn from the
 * bank (decision 007). Deterministic: the same bank always gives the same file, so it can be re-run and committed.
 * The mocks already shipped and taken by learners (`keep`) stay exactly as they are in mock.json; the others are
 * built greedily, section by section, extremes first (the hard and easy variants take the hardest and easiest
 * questions before the mixed sections take what is left). No question is in two mocks.
 */

type Difficulty = (typeof DIFFICULTIES)[number];
type Counts = [number, number, number];
/**
 * Verbal slots: a question kind, or a whole reading passage (L long, five questions; S short, three; A a one-paragraph
 * argument with its one question).
 */
type VerbalSlot = 'tc1' | 'tc2' | 'tc3' | 'se' | 'L' | 'S' | 'A';
/** Quant slots: a kind, or 'di' (data interpretation: a data-analysis question reading a table or graph). */
type QuantSlot = 'qc' | 'mc_single' | 'mc_multi' | 'numeric' | 'fraction' | 'di';

/** Wanted share of easy / medium / hard in each kind of section; section 1 is a mix around medium. */
const MIX: Record<'first' | 'easy' | 'medium' | 'hard' | 'issue', Counts> = {
  first: [1 / 4, 1 / 2, 1 / 4],
  easy: [2 / 3, 1 / 3, 0],
  medium: [4 / 15, 7 / 15, 4 / 15],
  hard: [0, 1 / 3, 2 / 3],
  issue: [0, 1, 0],
};

/** Section layouts in the order the test shows them (12 or 15 questions; passages count as their questions). */
const VERBAL_1: VerbalSlot[] = ['tc1', 'tc2', 'tc3', 'tc1', 'L', 'se', 'se', 'se'];
const VERBAL_2: VerbalSlot[] = ['tc1', 'tc2', 'tc3', 'A', 'S', 'se', 'se', 'se', 'L'];
/** Questions a passage of each slot has: the section sizes add up only with these. */
const PASSAGE_SIZE = { L: 5, S: 3, A: 1 } as const;
const QUANT_1: QuantSlot[] = [
  'qc',
  'qc',
  'qc',
  'qc',
  'mc_single',
  'numeric',
  'mc_multi',
  'di',
  'di',
  'mc_single',
  'fraction',
  'mc_single',
];
const QUANT_2: QuantSlot[] = [
  'qc',
  'qc',
  'qc',
  'qc',
  'qc',
  'mc_single',
  'numeric',
  'mc_multi',
  'di',
  'di',
  'fraction',
  'mc_single',
  'numeric',
  'mc_multi',
  'mc_single',
];

/** `keep`: shipped before and taken by learners, so its questions (and their reports) stay as they are. */
const MOCKS: { id: string; title: string; keep: boolean }[] = [
  { id: 'b-mock-1', title: '全真模考 1', keep: true },
  { id: 'b-mock-2', title: '全真模考 2', keep: true },
  { id: 'b-mock-3', title: '全真模考 3', keep: false },
  { id: 'b-mock-4', title: '全真模考 4', keep: false },
  { id: 'b-mock-5', title: '全真模考 5', keep: false },
];
const SUB_TITLE = 'Issue 写作 1 篇 · 语文、数学各两部分（12 + 15 题），第二部分按第一部分成绩分易、中、难';

/** Sections in the order they are picked: the variants at the ends of the scale first, the mixes last. */
const PICK_ORDER: MockSectionName[] = [
  'v2-hard',
  'q2-hard',
  'v2-easy',
  'q2-easy',
  'issue',
  'v1',
  'q1',
  'v2-medium',
  'q2-medium',
];

const level = (d: Difficulty) => DIFFICULTIES.indexOf(d) + 1;

/** FNV-1a, for a stable tie-break that differs between mocks (so they do not walk the bank in the same order). */
function tieBreak(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0) / 2 ** 32;
}

/** Splits n by shares (largest remainder), so the counts always add up to n. */
function apportion(shares: Counts, n: number): Counts {
  const total = shares.reduce((a, b) => a + b, 0) || 1;
  const exact = shares.map((s) => (s / total) * n);
  const out = exact.map(Math.floor) as Counts;
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < n - out.reduce((a, b) => a + b, 0); k++) out[order[k]![1]]! += 1;
  return out;
}

const { items: shipped, problems } = readBank();
if (problems.length) throw new Error(`the bank does not parse:\n${problems.join('\n')}`);
// Underground questions belong to the books that grant them (a prevent book's test, whose answers a mock would
// reveal once taken), never to a mock; so do passages that only they read.
// Placed by the difficulty learners' answers gave them where content/calibration.json decides it (docs/calibration.md).
const bankQuestions = withCalibration(shipped.questions).filter((q) => q.visibility !== 'underground');
const bankPassages = new Set(bankQuestions.map((q) => q.passage_id));
const bank = { questions: bankQuestions, passages: shipped.passages.filter((p) => bankPassages.has(p.id)) };
const byId = new Map(bank.questions.map((q) => [q.id, q]));
const setOf = new Map<string, ContentQuestion[]>();
for (const q of bank.questions) if (q.passage_id) setOf.set(q.passage_id, [...(setOf.get(q.passage_id) ?? []), q]);
/** The slot a passage fills: by its length and its number of questions (others, e.g. four-question shorts, none). */
const passageSlot = new Map(
  bank.passages.map((p) => {
    const n = setOf.get(p.id)?.length ?? 0;
    const slot = (['L', 'S', 'A'] as const).find((k) => PASSAGE_SIZE[k] === n && (k === 'L') === (p.kind === 'long'));
    return [p.id, slot ?? null];
  }),
);
const isDataInterpretation = (q: ContentQuestion) =>
  q.topic === 'data_analysis' && q.media.length > 0 && q.kind !== 'qc';
const fits = (q: ContentQuestion, slot: string) =>
  slot === 'di' ? isDataInterpretation(q) : q.kind === slot && !(q.category === 3 && isDataInterpretation(q));

/** Ids used so far, per mock. */
const used = MOCKS.map(() => new Set<string>());
const usedAnywhere = (id: string) => used.some((u) => u.has(id));
const built = MOCKS.map(() => new Map<MockSectionName, string[]>());
const misses: string[] = [];

const mixOf = (name: MockSectionName): Counts =>
  name === 'issue' ? MIX.issue : /1$/.test(name) ? MIX.first : MIX[name.split('-')[1] as 'easy' | 'medium' | 'hard'];

/** Cost of putting q in a section that still needs `need` of each difficulty: lower is better. */
function cost(m: number, q: ContentQuestion, need: Counts, topics: Map<string, number>): number {
  const d = level(q.difficulty) - 1;
  const nearest = need[d]! > 0 ? 0 : Math.min(...need.flatMap((n, i) => (n > 0 ? [Math.abs(i - d)] : [])), 2);
  return (
    (nearest === 0 ? -need[d]! * 0.01 : nearest === 1 ? 5 : 50) +
    (topics.get(q.topic ?? '') ?? 0) * 0.5 +
    tieBreak(`${MOCKS[m]!.id}:${q.id}`) * 0.01
  );
}

function pickQuestion(
  m: number,
  slot: string,
  need: Counts,
  topics: Map<string, number>,
  section: string,
): ContentQuestion {
  const candidates = bank.questions.filter((q) => !q.passage_id && fits(q, slot) && !usedAnywhere(q.id));
  const best = candidates.sort((a, b) => cost(m, a, need, topics) - cost(m, b, need, topics))[0];
  if (!best) throw new Error(`no ${slot} question left for ${MOCKS[m]!.id} ${section}`);
  const d = level(best.difficulty) - 1;
  if (need[d]! > 0) need[d]! -= 1;
  else misses.push(`${MOCKS[m]!.id} ${section}: ${best.id} is ${best.difficulty}`);
  used[m]!.add(best.id);
  topics.set(best.topic ?? '', (topics.get(best.topic ?? '') ?? 0) + 1);
  return best;
}

/** The unused passage of this length whose mean difficulty is nearest the section's target. */
function pickPassage(m: number, kind: 'L' | 'S' | 'A', target: number): ContentQuestion[] {
  const candidates = [...setOf.entries()].filter(
    ([pid, qs]) => passageSlot.get(pid) === kind && !qs.some((q) => usedAnywhere(q.id)),
  );
  const score = ([pid, qs]: [string, ContentQuestion[]]) =>
    Math.abs(meanLevel(qs) - target) + tieBreak(`${MOCKS[m]!.id}:${pid}`) * 0.001;
  const best = candidates.sort((a, b) => score(a) - score(b))[0];
  if (!best) throw new Error(`no ${kind} passage left for ${MOCKS[m]!.id}`);
  for (const q of best[1]) used[m]!.add(q.id);
  return best[1];
}
const meanLevel = (qs: ContentQuestion[]) => qs.reduce((n, q) => n + level(q.difficulty), 0) / qs.length;

function buildSection(m: number, name: MockSectionName): string[] {
  const mix = mixOf(name);
  const target = mix.reduce((n, s, i) => n + s * (i + 1), 0);
  const size = MOCK_SECTIONS[name];
  const topics = new Map<string, number>();
  if (name === 'issue') return [pickQuestion(m, 'issue', apportion(mix, 1), topics, name).id];
  if (name.startsWith('q')) {
    const plan = name === 'q1' ? QUANT_1 : QUANT_2;
    const need = apportion(mix, size);
    // Scarce slots first, so data interpretation and fraction entry get their difficulty before the common kinds.
    const order = plan.map((slot, i) => ({ slot, i })).sort((a, b) => scarcity(a.slot) - scarcity(b.slot) || a.i - b.i);
    const picked: string[] = [];
    for (const { slot, i } of order) picked[i] = pickQuestion(m, slot, need, topics, name).id;
    return picked;
  }
  const plan = name === 'v1' ? VERBAL_1 : VERBAL_2;
  const sets = new Map<number, ContentQuestion[]>();
  plan.forEach(
    (slot, i) => (slot === 'L' || slot === 'S' || slot === 'A') && sets.set(i, pickPassage(m, slot, target)),
  );
  const reading = [...sets.values()].flat();
  const need = completionMix(
    mix,
    target * size - reading.reduce((n, q) => n + level(q.difficulty), 0),
    size - reading.length,
  );
  return plan.flatMap((slot, i) => sets.get(i)?.map((q) => q.id) ?? [pickQuestion(m, slot, need, topics, name).id]);
}
/**
 * Passages come with their own mixed difficulties, so the completions steer the section's mean: the easy / medium /
 * hard counts whose difficulty sum is nearest `sum`, and among those the nearest to the section's mix.
 */
function completionMix(mix: Counts, sum: number, fill: number): Counts {
  const shape = apportion(mix, fill);
  let best: { counts: Counts; score: number } | null = null;
  for (let e = 0; e <= fill; e++) {
    for (let h = 0; e + h <= fill; h++) {
      const counts: Counts = [e, fill - e - h, h];
      const score =
        Math.abs(e + 2 * counts[1] + 3 * h - sum) * 10 + counts.reduce((n, c, i) => n + Math.abs(c - shape[i]!), 0);
      if (!best || score < best.score) best = { counts, score };
    }
  }
  return best!.counts;
}
const scarcity = (slot: string) => bank.questions.filter((q) => fits(q, slot)).length;

// Kept mocks first, so every question they hold is out of reach of the new ones.
const shippedMocks = new Map(
  readBooks(BOOKS_DIR)
    .items.filter((b) => b.kind === 'mock')
    .map((b) => [b.id, b]),
);
MOCKS.forEach((mock, m) => {
  const shippedBook = mock.keep ? shippedMocks.get(mock.id) : undefined;
  for (const s of shippedBook?.sections ?? []) {
    built[m]!.set(s.section as MockSectionName, s.question_ids);
    for (const id of s.question_ids) used[m]!.add(id);
  }
});
for (const name of PICK_ORDER)
  MOCKS.forEach((_, m) => !built[m]!.has(name) && built[m]!.set(name, buildSection(m, name)));

const books: ContentBook[] = MOCKS.map((mock, m) => ({
  id: mock.id,
  kind: 'mock',
  kind2: '',
  kind3: '',
  kind4: '',
  title: mock.title,
  sub_title: SUB_TITLE,
  label: '',
  param: {},
  access: 'free',
  grants_underground: false,
  tailor: BOOK_TAILOR_NONE,
  hide: false,
  position: m,
  sections: (Object.keys(MOCK_SECTIONS) as MockSectionName[]).map((section) => ({
    section,
    question_ids: built[m]!.get(section)!,
  })),
}));

// Written as the other book files are: only what differs from the schema defaults.
const file = {
  books: books.map(({ id, kind, title, sub_title, sections }) => ({ id, kind, title, sub_title, sections })),
};
const parsed = bookFileSchema.safeParse(file);
if (!parsed.success)
  throw new Error(`mock.json would not pass its schema: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
const broken = parsed.data.books.flatMap((b) => checkMockBook(b, byId));
if (broken.length) throw new Error(`mock.json would break the mock rules:\n${broken.join('\n')}`);

const out = join(BOOKS_DIR, 'mock.json');
writeFileSync(out, `${JSON.stringify(file, null, 2)}\n`);
const ids = books.map((b) => b.sections.flatMap((s) => s.question_ids));
const all = ids.flat();
console.log(
  `wrote ${out}: ${books.length} mocks of ${ids.map((l) => l.length).join(' / ')} questions; in two mocks: ${all.length - new Set(all).size}`,
);
for (const miss of misses) console.log(`  note: ${miss}`);
