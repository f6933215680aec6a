import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { periodKeys } from '../../lib/quota.js';
import { counterOf, examTestApp, learner, nextShanghaiNoon, opensOf, publicIds } from './exams.fixtures.js';

// The daily quota as a model: random sequences of opens — the bank viewer showing a few questions at once, a move in
// a practice to a question not shown there yet, the next Shanghai day — by a trial member on small limits. After
// every step the answer (shown, day_overflow, role_overflow, with the figures) is the model's, the day's counters never
// pass their limits, a question counts once a day, and the counters are the distinct question_opens rows.

const LIMITS = { verbal: 5, quant: 4 } as const;
const TOTAL = 12;
const start = nextShanghaiNoon();
const clock = new ManualClock(start);
let t: TestApp;
let pool: { id: string; subject: 'verbal' | 'quant' }[];
beforeAll(async () => {
  t = await examTestApp({}, { clock });
  await t.deps.settings.setOverride('quotas', { Trail: { daily: LIMITS, total: TOTAL } });
  const [fillings, readings, maths] = await Promise.all([
    publicIds(t.deps.database.db, 1),
    publicIds(t.deps.database.db, 2),
    publicIds(t.deps.database.db, 3),
  ]);
  pool = [
    ...[...fillings.slice(0, 8), ...readings.slice(0, 4)].map((id) => ({ id, subject: 'verbal' as const })),
    ...maths.slice(0, 10).map((id) => ({ id, subject: 'quant' as const })),
  ];
});
afterAll(() => t.close());

type Step = { kind: 'view'; at: number[] } | { kind: 'move'; at: number } | { kind: 'nextDay' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('view' as const),
      at: fc.uniqueArray(fc.nat(21), { minLength: 1, maxLength: 3 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(21) }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'nextDay' as const }), weight: 1 },
);

/** What the rule says a step does, given today's opens and counters; mutates the model when it is taken. */
class Model {
  today = new Set<string>();
  day = { verbal: 0, quant: 0 };
  total = 0;
  /** Items of the practice already on screen: going back to them opens nothing. */
  seen = new Set<number>();

  open(at: number[]): { kind: string | null; used?: number; limit?: number } {
    const fresh = [...new Set(at.map((i) => pool[i]!))].filter((q) => !this.today.has(q.id));
    const k = { verbal: fresh.filter((q) => q.subject === 'verbal').length, quant: 0 };
    k.quant = fresh.length - k.verbal;
    if (fresh.length === 0) return { kind: null };
    if (this.total + fresh.length > TOTAL) return { kind: 'role_overflow', used: this.total, limit: TOTAL };
    for (const s of ['verbal', 'quant'] as const)
      if (this.day[s] + k[s] > LIMITS[s]) return { kind: 'day_overflow', used: this.day[s], limit: LIMITS[s] };
    for (const q of fresh) this.today.add(q.id);
    this.day.verbal += k.verbal;
    this.day.quant += k.quant;
    this.total += fresh.length;
    return { kind: null };
  }

  nextDay() {
    this.today.clear();
    this.day = { verbal: 0, quant: 0 };
  }
}

describe('the daily quota, as a model', () => {
  it('answers as the model, never passes a limit, counts each question once a day', { timeout: 300_000 }, async () => {
    const db = t.deps.database.db;
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 25 }), async (steps) => {
        clock.set(start);
        const trail = await learner(t, { roleKind: 'Trail' });
        const practice = (await trail.practice({ source: 'list', question_ids: pool.map((q) => q.id), title: '池' }))
          .data;
        let rev = practice.revision;
        const model = new Model();
        for (const s of steps) {
          const label = JSON.stringify(s);
          if (s.kind === 'nextDay') {
            clock.advance(86_400_000);
            model.nextDay();
            continue;
          }
          let want: ReturnType<Model['open']>;
          let got: Awaited<ReturnType<typeof trail.open>> | Awaited<ReturnType<typeof trail.move>>;
          if (s.kind === 'view') {
            want = model.open(s.at);
            got = await trail.open(s.at.map((i) => pool[i]!.id));
          } else {
            want = model.seen.has(s.at) ? { kind: null } : model.open([s.at]);
            got = await trail.move(practice.id, rev, 0, s.at);
            if (got.ok) {
              rev = got.data.revision;
              model.seen.add(s.at);
            }
          }
          expect(got.err?.kind ?? null, label).toBe(want.kind);
          if (want.kind) {
            refusals += 1;
            expect([got.err?.quota?.used, got.err?.quota?.limit], label).toEqual([want.used, want.limit]);
          }
          const day = periodKeys(clock.now()).day;
          const [verbal, quant, total, opens] = await Promise.all([
            counterOf(db, trail.userId, day, 'verbal'),
            counterOf(db, trail.userId, day, 'quant'),
            counterOf(db, trail.userId, 'total', 'questions'),
            opensOf(db, trail.userId, day),
          ]);
          expect([verbal, quant, total], label).toEqual([model.day.verbal, model.day.quant, model.total]);
          expect(verbal <= LIMITS.verbal && quant <= LIMITS.quant && total <= TOTAL, label).toBe(true);
          expect(opens.map((o) => o.id).sort(), label).toEqual([...model.today].sort());
          expect([verbal, quant], label).toEqual([
            opens.filter((o) => o.subject === 'verbal').length,
            opens.filter((o) => o.subject === 'quant').length,
          ]);
          const everOpened = await db.execute<{ n: number }>(
            sql`select count(*)::int as n from question_opens where user_id = ${trail.userId}`,
          );
          expect(Number(everOpened.rows[0]!.n), label).toBe(total);
        }
        const today = (await trail.quotaToday()).data;
        expect(today.subjects.slice(0, 2).map((x) => [x.used, x.limit])).toEqual([
          [model.day.verbal, LIMITS.verbal],
          [model.day.quant, LIMITS.quant],
        ]);
        expect(today.total).toEqual({ used: model.total, limit: TOTAL });
      }),
      { numRuns: 15 },
    );
    // The sequences reach the limits, or the property says little.
    expect(refusals).toBeGreaterThan(0);
  });
});
