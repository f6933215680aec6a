// `npm run bench:search -w bench`: /api/search at 100,000 generated questions on PostgreSQL. The database is the big
// bank filter's (bank-data.ts: migrations, shipped content, generated rows, VACUUM ANALYZE); the real app serves it in
// its own process; a VIP learner (public and locked questions) runs each query shape alone (one request at a time:
// the call's own latency) and at half the saturated rate (open loop: what a learner sees while the server is half
// busy), in --rounds rounds (3), reporting the round with the median p95 per shape and mode.
// Options: --rows N (100000), --duration S per run (4), --concurrency N (8), --keep, --reuse NAME (as bench:filter).
// The database, the rounds and the results file are bench/shape-runs.ts, shared with bench:filter.
import { searchCalls } from '@gre/contracts';
import { parseShapeArgs, runRounds, withBankApp, writeShapeResults, type Body, type Shape } from './shape-runs.js';

/** What learners type: English words common to absent, phrases, word beginnings, Chinese terms, filters, words. */
const SHAPES: Shape[] = [
  {
    name: 'english_word',
    describe: 'one English word, common to absent',
    bodies: [
      { q: 'because' },
      { q: 'economic' },
      { q: 'triangle' },
      { q: 'photosynthesis' },
      { q: 'species' },
      { q: 'qzxv' },
    ],
  },
  {
    name: 'english_terms',
    describe: 'two or three English words (every one must occur)',
    bodies: [{ q: 'coral reef' }, { q: 'average value' }, { q: 'author argues' }, { q: 'integer greater than' }],
  },
  {
    name: 'word_part',
    describe: 'the beginning or middle of an English word',
    bodies: [{ q: 'photosynth' }, { q: 'economi' }, { q: 'argu' }, { q: 'ecul' }],
  },
  {
    name: 'chinese',
    describe: 'Chinese terms of three or more characters',
    bodies: [{ q: '三角形' }, { q: '平均数' }, { q: '作者认为' }, { q: '科学家' }, { q: '不正确' }],
  },
  {
    name: 'filtered',
    describe: 'a query with category, kind or difficulty',
    bodies: [
      { q: 'because', category: 1 },
      { q: '三角形', category: 3, difficulty: 'hard' },
      { q: 'species', kind: 'rc_single' },
      { q: 'integer', category: 3, kind: 'qc' },
    ],
  },
  {
    name: 'deep_page',
    describe: 'later pages of common queries (the search ranks its first 200 matches: ten pages)',
    bodies: [
      { q: 'because', page: 5 },
      { q: 'the', page: 10 },
      { q: '答案', page: 8 },
    ],
  },
  {
    name: 'words',
    describe: 'GRE words: headword prefix and Chinese meaning',
    bodies: [
      { q: 'ab', scope: 'words' },
      { q: 'lac', scope: 'words' },
      { q: 'aband', scope: 'words' },
      { q: '放弃', scope: 'words' },
      { q: '简洁', scope: 'words' },
    ],
  },
  {
    name: 'chinese_two_chars',
    describe: 'two-character Chinese words: no trigram, found by the bigram index (migration 0012)',
    bodies: [{ q: '概率' }, { q: '面积' }, { q: '函数' }, { q: '转折', category: 1 }],
  },
];

const opts = parseShapeArgs(process.argv.slice(2), 'bench:search', 4);
const log = (line: string) => console.log(line);
/** Every request asks for 20 a page; the bodies the results file reports leave page_size out. */
const paged = (b: Body) => ({ page_size: 20, ...b });

await withBankApp('search', opts, log, async ({ bank, serverUrl, headers }) => {
  const url = serverUrl + searchCalls.search.path;
  const totals: Record<string, number> = {};
  for (const shape of SHAPES) {
    for (const b of shape.bodies) {
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(paged(b)) });
      const json = (await res.json()) as {
        ok: boolean;
        data: { total: number; capped: boolean };
        err_data: { kind: string } | null;
      };
      if (!json.ok) throw new Error(`search ${JSON.stringify(b)}: ${json.err_data?.kind}`);
      totals[JSON.stringify(b)] = json.data.total;
    }
  }
  const rounds = await runRounds(url, headers, SHAPES, opts, log, (b) => JSON.stringify(paged(b)));
  await writeShapeResults({
    benchmark: 'search',
    call: `POST ${searchCalls.search.path}`,
    bank,
    opts,
    shapes: SHAPES,
    rounds,
    totalOf: (b) => totals[JSON.stringify(b)]!,
    log,
  });
});
