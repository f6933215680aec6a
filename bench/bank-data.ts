// The big bank for bench/bank-filter.ts: a fresh PostgreSQL database, migrated, with the shipped content imported
// and N generated questions on top, analysed as a production database would be after a bulk load.
import { openDatabase } from '@gre/db';
import pg from 'pg';
import { importPackage } from '../apps/server/src/modules/content-import/index.js';
import { CONTENT_DIR, readPackageFrom } from '../apps/server/src/modules/content-import/seed.js';
import { POSTGRES_ADMIN_URL } from './databases.js';

export interface BankDatabase {
  url: string;
  name: string;
  describe: string;
  counts: {
    shipped_questions: number;
    shipped_words: number;
    generated: number;
    total_rows: number;
    by_category: Record<string, number>;
    by_visibility: Record<string, number>;
  };
  timings_s: { migrate: number; import_content: number; generate: number; analyze: number };
  drop(): Promise<void>;
  /** Leaves the database in place (for a look with psql) and lets go of it. */
  keep(): Promise<void>;
}

const seconds = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

/**
 * Generated rows copy a shipped question of the same category (its stem, options, explanation, passage and so its
 * search text and row size), then spread difficulty, visibility, topic and tags the way a grown bank would:
 * difficulty 30/40/30, visibility public 70 % / locked 20 % / hidden 6 % / underground 4 %, one to four tags drawn
 * with a power law from the bank's tag vocabulary (a few tags are everywhere, most are rare), the math topic mostly
 * the template's. `setseed` makes every run generate the same rows.
 */
const GENERATE_SQL = `
insert into questions (id, category, kind, difficulty, group_id, passage_id, description, inquiry, quantity_a, quantity_b,
  media, input_method, standard_answer, analysis, topic, tags, visibility, brief, source_names, support_translate, search_text)
select 'q-gen-' || lpad(r.g::text, 7, '0'), t.category, t.kind,
  case when r.d < 0.3 then 'easy' when r.d < 0.7 then 'medium' else 'hard' end,
  t.group_id, t.passage_id, t.description, t.inquiry, t.quantity_a, t.quantity_b,
  t.media, t.input_method, t.standard_answer, t.analysis,
  case when t.category = 3 then (case when r.p < 0.7 then t.topic else (array['arithmetic','algebra','geometry','data_analysis'])[1 + (r.p * 400)::int % 4] end) end,
  array(select distinct vocab.tags[1 + floor(vocab.n * power(random(), 2.5))::int] from generate_series(1, 1 + floor(r.nt * 4)::int) k),
  case when r.v < 0.70 then 'public' when r.v < 0.90 then 'locked' when r.v < 0.96 then 'hidden' else 'underground' end,
  t.brief, t.source_names, t.support_translate,
  t.search_text || ' ' || vocab.tags[1 + floor(vocab.n * random())::int]
from (select g, random() as d, random() as p, random() as v, random() as nt, random() as pick from generate_series($1::int, $2::int) g) r
cross join (select array_agg(tag order by n desc, tag) as tags, count(*)::int as n from (select unnest(tags) as tag, count(*) as n from templates group by 1) c) vocab
join templates t on t.rn = 1 + floor(r.pick * (select count(*) from templates))::int`;

/** The database a run works on, by name, on the bench's PostgreSQL server. */
function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What the results file says about the rows: shipped, generated, by category and visibility. */
async function countRows(pool: pg.Pool): Promise<BankDatabase['counts']> {
  const group = async (col: string) =>
    Object.fromEntries(
      (
        await pool.query<{ k: string; n: number }>(
          `select ${col}::text as k, count(*)::int as n from questions group by 1 order by 1`,
        )
      ).rows.map((r) => [r.k, r.n]),
    );
  const byCategory = await group('category');
  const generated = Number(
    (await pool.query<{ n: number }>("select count(*)::int as n from questions where id like 'q-gen-%'")).rows[0]?.n ??
      0,
  );
  const total = Object.values(byCategory).reduce((a, b) => a + b, 0);
  return {
    shipped_questions: total - generated - (byCategory['5'] ?? 0),
    shipped_words: byCategory['5'] ?? 0,
    generated,
    total_rows: total,
    by_category: byCategory,
    by_visibility: await group('visibility'),
  };
}

async function serverVersion(client: pg.Client): Promise<string> {
  return (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
}

/** Adds `generated` questions to a migrated database holding the shipped content, then analyses it. */
async function generate(
  pool: pg.Pool,
  generated: number,
  timings_s: BankDatabase['timings_s'],
  log: (line: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    let t = performance.now();
    await client.query(
      'create temp table templates as select row_number() over (order by id)::int as rn, * from questions where category between 1 and 4',
    );
    await client.query('create unique index on templates (rn); analyze templates');
    await client.query('select setseed(0.42)');
    // A bulk load builds the secondary indexes once at the end instead of row by row: the same definitions the
    // migrations created, read back from the catalogue, so the bench never carries its own copy of them.
    const indexes = (
      await client.query<{ name: string; def: string }>(
        "select indexname as name, indexdef as def from pg_indexes where tablename = 'questions' and indexname <> 'questions_pkey'",
      )
    ).rows;
    for (const i of indexes) await client.query(`drop index ${i.name}`);
    const batch = 10_000;
    for (let from = 1; from <= generated; from += batch) {
      await client.query(GENERATE_SQL, [from, Math.min(generated, from + batch - 1)]);
      log(`  generated ${Math.min(generated, from + batch - 1).toLocaleString('en')} questions (${seconds(t)} s)`);
    }
    await client.query("set maintenance_work_mem = '256MB'");
    for (const i of indexes) await client.query(i.def);
    timings_s.generate = seconds(t);
    log(
      `  rebuilt ${indexes.length} indexes (${indexes.map((i) => i.name).join(', ')}): ${timings_s.generate} s in all`,
    );
    t = performance.now();
    // What autovacuum does after a bulk load: statistics for the planner, and the visibility map that lets pages
    // read the list index alone.
    await client.query('vacuum (analyze) questions, question_counts');
    timings_s.analyze = seconds(t);
  } finally {
    client.release();
  }
}

/** Creates, migrates and fills a database; `drop()` removes it, `keep()` leaves it for --reuse. */
export async function createBankDatabase(generated: number, log: (line: string) => void): Promise<BankDatabase> {
  const name = `gre_bench_filter_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  try {
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 2 });
    const timings_s = { migrate: 0, import_content: 0, generate: 0, analyze: 0 };
    try {
      let t = performance.now();
      await database.migrate();
      timings_s.migrate = seconds(t);
      t = performance.now();
      await importPackage(database.db, readPackageFrom(CONTENT_DIR));
      timings_s.import_content = seconds(t);
      log(`  imported the shipped content in ${timings_s.import_content} s`);
      await generate(database.pool!, generated, timings_s, log);
      const counts = await countRows(database.pool!);
      return {
        url: databaseUrl(name),
        name,
        describe: `PostgreSQL ${await serverVersion(admin)} on ${new URL(POSTGRES_ADMIN_URL).host}, fresh database`,
        counts,
        timings_s,
        drop,
        keep: () => admin.end(),
      };
    } finally {
      await database.close();
    }
  } catch (e) {
    await drop();
    throw e;
  }
}

/** A database an earlier `--keep` run left, migrated to the current schema; it is kept again afterwards. */
export async function reuseBankDatabase(name: string): Promise<BankDatabase> {
  if (!/^gre_bench_filter_\w+$/.test(name))
    throw new Error(`--reuse takes a database an earlier --keep run named (gre_bench_filter_…), not '${name}'`);
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  const database = await openDatabase({ url: databaseUrl(name), poolSize: 2 });
  try {
    await database.migrate();
    await database.pool!.query('vacuum (analyze) questions, question_counts');
    const counts = await countRows(database.pool!);
    const keep = () => admin.end();
    const timings_s = { migrate: 0, import_content: 0, generate: 0, analyze: 0 };
    return {
      url: databaseUrl(name),
      name,
      describe: `PostgreSQL ${await serverVersion(admin)} on ${new URL(POSTGRES_ADMIN_URL).host}, database kept from an earlier run`,
      counts,
      timings_s,
      drop: keep,
      keep,
    };
  } finally {
    await database.close();
  }
}
