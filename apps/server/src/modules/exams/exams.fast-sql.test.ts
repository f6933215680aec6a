import { ANSWER_GRACE_SECONDS, HEARTBEAT_MAX_GAP_SECONDS } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { beat, beatSql, sinceStartSql, tick, tickSql } from './clock.js';
import { createAndGet, examTestApp, learner, type Learner } from './exams.fixtures.js';

// The exam clock's SQL forms (decision 015), which the one-statement changes run (exams.fast.test.ts), against the
// TypeScript rule the transaction runs: the same answers over edge cases and random values, on the live database.

let t: TestApp;
let vip: Learner;
beforeAll(async () => {
  t = await examTestApp();
  vip = await learner(t, { roleKind: 'VIP' });
});
afterAll(() => t.close());

const db = () => t.deps.database.db;

async function started(l: Learner) {
  const exam = await createAndGet(l, { source: 'book', book_id: 'b-pick-filling-medium-1' });
  expect((await l.start(exam.id, 0)).err).toBeNull();
  return { exam };
}

describe('the beat in SQL', () => {
  it('adds and moves exactly as beat() does', async () => {
    const b = beatSql('x.elapsed');
    const edges = [null, -5, -0.5, 0, 1e-9, 0.3, 1, 1.999, 19, 19.999, 20, 20.5, 3600];
    // Subnormal doubles aside: PostgreSQL's float8 input refuses them.
    const values = [
      ...edges,
      ...fc.sample(
        fc.double({ min: -100, max: 100, noNaN: true }).filter((v) => v === 0 || Math.abs(v) > 1e-300),
        200,
      ),
    ];
    const res = await db().execute<{ add: number; to_now: boolean }>(
      sql.raw(`select ${b.add} as add, ${b.toNow} as to_now from jsonb_array_elements('${JSON.stringify(values)}'::jsonb) with ordinality v(j, n),
        lateral (select (case when jsonb_typeof(v.j) = 'null' then null else (v.j)::text::float8 end) as elapsed) x order by v.n`),
    );
    expect(res.rows.map((r) => [Number(r.add), r.to_now])).toEqual(
      values.map((v) => [beat(v).add, beat(v).next === 'now']),
    );
  });

  it('ticks exactly as tick() does: timed on the wall clock, count-up on the capped beat', async () => {
    const limits = [0, 1, 90, 1380];
    const edge = (limit: number) => [
      -3.5,
      0,
      0.2,
      limit - 1.5,
      limit - 0.01,
      limit,
      limit + 0.99,
      limit + ANSWER_GRACE_SECONDS + 0.5,
      limit + 3600,
    ];
    const cases = [
      ...limits.flatMap((limit) =>
        edge(limit).flatMap((since) =>
          [0, Math.max(0, limit - 1), limit + 40].map((used) => ({ limit, used, since, beat: since })),
        ),
      ),
      ...fc.sample(
        fc.record({
          limit: fc.constantFrom(...limits, 2, 60),
          used: fc.integer({ min: 0, max: 2000 }),
          since: fc.double({ min: -100, max: 5000, noNaN: true }).filter((v) => v === 0 || Math.abs(v) > 1e-300),
          beat: fc.option(
            fc
              .double({ min: -5, max: 3 * HEARTBEAT_MAX_GAP_SECONDS, noNaN: true })
              .filter((v) => v === 0 || Math.abs(v) > 1e-300),
          ),
        }),
        300,
      ),
    ];
    const k = tickSql('x.lim', 'x.used', 'x.since', beatSql('x.beat').add);
    const rows = JSON.stringify(cases.map((c, n) => ({ n, lim: c.limit, used: c.used, since: c.since, beat: c.beat })));
    const res = await db().execute<{ used: number; item: number; run: number }>(
      sql.raw(`select ${k.used} as used, ${k.itemAdd} as item, ${k.run} as run
        from jsonb_to_recordset('${rows}'::jsonb) as x(n int, lim int, used int, since float8, beat float8) order by x.n`),
    );
    expect(res.rows.map((r) => [Number(r.used), Number(r.item), Number(r.run)])).toEqual(
      cases.map((c) => {
        const want = tick(c.limit, c.used, c.since, c.beat);
        return [want.used, want.itemAdd, want.run];
      }),
    );
  });

  it('reads the seconds since a section opened, and since its used seconds ago when it has no start', async () => {
    const { exam } = await started(vip);
    await db().execute(
      sql`update exam_sections set started_at = now() - interval '42.25 seconds', used_time_seconds = 7 where exam_id = ${exam.id}`,
    );
    const since = async () =>
      (
        await db().execute<{ s: number }>(
          sql.raw(`select ${sinceStartSql('s', 'now()')} as s from exam_sections s where exam_id = ${exam.id}`),
        )
      ).rows[0]!.s;
    // Two statements apart: now() moved on a little in between.
    expect(await since()).toBeGreaterThanOrEqual(42.25);
    expect(await since()).toBeLessThan(43);
    await db().execute(sql`update exam_sections set started_at = null where exam_id = ${exam.id}`);
    expect(await since()).toBe(7);
  });
});
