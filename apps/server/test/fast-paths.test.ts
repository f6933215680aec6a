import { craftCalls, userCalls } from '@gre/contracts';
import { crafts, questions } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../src/env.js';
import { rawQuery } from '../src/lib/raw-query.js';
import { userWithToken } from './actors.js';
import { answerKeys, createAndGet, examTestApp, learner, rightAnswer } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

// FAST_PATHS=off (decision 017) across the three modules it reaches: the batched paths of decisions 009, 011 and 012
// step aside and every call takes its plain path, with the same answers — the switch a debugging session or a test
// comparing the two paths turns.

vi.mock('../src/lib/raw-query.js', { spy: true });
const raw = vi.mocked(rawQuery);
/** The bare statements by name, each with the rows it carried, since the last clear. */
const statements = () =>
  raw.mock.calls.map(([, q]) => ({
    name: q.name,
    rows:
      q.name.startsWith('craft_') || q.name.endsWith('_one_statement')
        ? (JSON.parse(q.values[0] as string) as unknown[]).length
        : 0,
  }));

let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp(), examTestApp({ FAST_PATHS: 'off' })]);
});
afterAll(() => Promise.all([on?.close(), off?.close()]));

/** Counts the statements the database driver receives, on whichever database the suite runs. */
function driverCalls(t: TestApp) {
  const target = (t.deps.database.pool ?? t.deps.database.pglite) as unknown as { query: (...a: unknown[]) => unknown };
  return vi.spyOn(target, 'query');
}

describe('FAST_PATHS', () => {
  it('is on unless set to off', () => {
    expect(loadEnv({}).FAST_PATHS).toBe('on');
    expect(loadEnv({ FAST_PATHS: 'off' }).FAST_PATHS).toBe('off');
    expect(() => loadEnv({ FAST_PATHS: 'no' })).toThrow(/FAST_PATHS/);
    expect([on.deps.fast.on, off.deps.fast.on]).toEqual([true, false]);
  });

  it('off: every authenticated request looks its session up alone; on, thirty at once share statements', async () => {
    for (const t of [on, off]) {
      const people = await Promise.all(Array.from({ length: 6 }, () => userWithToken(t.deps.database.db)));
      // Settings cached, so a request costs its look-up only.
      for (const p of people) expect((await t.call(userCalls.get, {}, { token: p.token })).status).toBe(200);
      const spy = driverCalls(t);
      try {
        const answers = await Promise.all(
          people.flatMap((p) => Array.from({ length: 5 }, () => t.call(userCalls.get, {}, { token: p.token }))),
        );
        expect(answers.every((r) => r.status === 200)).toBe(true);
        if (t === on) expect(spy.mock.calls.length).toBeLessThan(20);
        else expect(spy.mock.calls.length).toBe(30);
      } finally {
        spy.mockRestore();
      }
    }
  });

  it('off: answer, flag and move go through the transaction only, and are saved', async () => {
    const l = await learner(off, { roleKind: 'VIP' });
    const exam = await createAndGet(l, { source: 'book', book_id: 'b-pick-filling-medium-1', is_auto_commit: true });
    let rev = (await l.start(exam.id, 0)).data.revision;
    const id = exam.sections[0]!.items[0]!.question.id;
    const answer = rightAnswer((await answerKeys(off.deps.database.db, [id])).get(id)!);
    raw.mockClear();
    rev = (await l.answer(exam.id, rev, 0, 0, answer)).data.revision;
    rev = (await l.flag(exam.id, rev, 0, 1, true)).data.revision;
    rev = (await l.move(exam.id, rev, 0, 2)).data.revision;
    expect(statements()).toEqual([]);
    const view = (await l.get(exam.id)).data;
    expect(view.revision).toBe(rev);
    expect(view.sections[0]!.items[0]!.action.answer).toEqual(answer);
    expect(view.sections[0]!.items[1]!.action.flagged).toBe(true);
    expect(view.cursor).toEqual({ section_index: 0, question_index: 2 });
  });

  it('off: concurrent craft updates each read their facts alone and write with the single upsert', async () => {
    const [q] = await off.deps.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.visibility, 'public'))
      .limit(1);
    const people = await Promise.all(
      Array.from({ length: 8 }, () => userWithToken(off.deps.database.db, { roleKind: 'VIP' })),
    );
    const collect = (n: number) => ({ collected: n % 2 === 0, collect_ids: [] });
    raw.mockClear();
    const written = await Promise.all(
      people.map((p, n) =>
        off.call(
          craftCalls.updateV2,
          { update_kind: 'Collect', craft_id: 0, question_id: q!.id, craft: { collect: collect(n) }, q_category: 0 },
          { token: p.token },
        ),
      ),
    );
    expect(written.every((r) => r.status === 200)).toBe(true);
    expect(statements()).toEqual(people.map(() => ({ name: 'craft_update_facts', rows: 1 })));
    for (const [n, p] of people.entries()) {
      const [row] = await off.deps.database.db
        .select({ collect: crafts.collect })
        .from(crafts)
        .where(and(eq(crafts.userId, p.user.id), eq(crafts.questionId, q!.id)));
      expect(row!.collect).toMatchObject(collect(n));
    }
  });
});
