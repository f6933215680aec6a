// `npm run bench:filter -w bench`: the big bank's /api/question/filter at 100,000 generated questions on PostgreSQL.
// A fresh database (created and dropped here) gets the migrations, the shipped content and the generated rows; the
// real app serves it in its own process; a VIP learner (public and locked questions) runs each filter shape three
// ways: alone (one request at a time: the latency of the call itself), saturated (N in flight, closed loop: the
// most it serves) and at half that rate (open loop: the latency a learner sees while the server is half busy).
// Every shape is measured in --rounds rounds (3) and the round with the median p95 is reported, with every round's p95.
// Options: --rows N (100000), --duration S per run (5), --concurrency N (8), --explain (EXPLAIN ANALYZE of each
// shape's bodies into .test-output/bank-filter-explain.txt), --keep (leave the database for a look; prints its name),
// --reuse NAME (measure a database an earlier --keep run left, instead of building one: seconds instead of minutes).
// The database, the rounds and the results file are bench/shape-runs.ts, shared with bench:search.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { questionCalls } from '@gre/contracts';
import { buildShapes, explainBody } from './bank-shapes.js';
import { parseShapeArgs, runRounds, withBankApp, writeShapeResults, type Body } from './shape-runs.js';
import { repoRoot } from './targets.js';

let explain = false;
const opts = parseShapeArgs(process.argv.slice(2), 'bench:filter', 5, (a) => {
  if (a !== '--explain') return false;
  explain = true;
  return true;
});
const log = (line: string) => console.log(line);

await withBankApp('bank-filter', opts, log, async ({ bank, serverUrl, pool, headers }) => {
  const url = serverUrl + questionCalls.filter.path;
  const call = async (b: Body) => {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(b) });
    const json = (await res.json()) as {
      ok: boolean;
      data: { total: number; items: unknown[] };
      err_data: { kind: string } | null;
    };
    if (!json.ok) throw new Error(`filter ${JSON.stringify(b)}: ${json.err_data?.kind}`);
    return json.data;
  };
  const totalOf = async (b: Body) => (await call(b)).total;
  const shapes = await buildShapes(pool, totalOf);
  const rounds = await runRounds(url, headers, shapes, opts, log);
  await writeShapeResults({
    benchmark: 'bank-filter',
    call: `POST ${questionCalls.filter.path}`,
    bank,
    opts,
    shapes,
    rounds,
    totalOf,
    log,
  });

  if (explain) {
    const explained: string[] = [];
    for (const shape of shapes)
      for (const b of shape.bodies)
        explained.push(`### ${shape.name} ${JSON.stringify(b)}\n${(await explainBody(pool, b)).join('\n\n')}`);
    const out = resolve(repoRoot, '.test-output/bank-filter-explain.txt');
    mkdirSync(resolve(repoRoot, '.test-output'), { recursive: true });
    writeFileSync(out, `${explained.join('\n\n')}\n`);
    log(`  query plans: ${out.replace(`${repoRoot}/`, '')}`);
  }
});
