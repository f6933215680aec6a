import type { ExamItem, ExamView } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createAndGet, examTestApp, learner, passTime, type Learner } from './exams.fixtures.js';

// A finished practice hands out the answers of the questions the learner opened in it, not of the rest: the quota
// counts opened questions, so creating a practice and submitting it at once must not show the whole book. Staff have
// no quota and see everything; a mock had room for all its questions when it started (exams.locked.test.ts: every
// answer of a finished mock within the tier, opened or not).

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

const BOOK = 'b-pick-math-easy-1';
const itemsOf = (v: ExamView) => v.sections.flatMap((s) => s.items);
const shown = (i: ExamItem) => i.question.standard_answer !== null && i.question.analysis !== null;

/** A timed practice of BOOK: started, questions 2 and 4 gone to, question 4 answered, submitted. */
async function submittedSoon(l: Learner): Promise<ExamView> {
  const exam = await createAndGet(l, { source: 'book', book_id: BOOK });
  let rev = (await l.start(exam.id, 0)).data.revision;
  rev = (await l.move(exam.id, rev, 0, 2)).data.revision;
  rev = (await l.answer(exam.id, rev, 0, 4, {})).data.revision;
  expect((await l.finish(exam.id, rev, 0)).data.status).toBe('Finished');
  return exam;
}

describe('questions never opened in a finished practice', () => {
  it('keep their answers back (not_opened), in the result and in the finished exam; the opened ones show theirs', async () => {
    const vip = await learner(t, { roleKind: 'VIP' });
    const exam = await submittedSoon(vip);
    for (const view of [(await vip.result(exam.id)).data, (await vip.get(exam.id)).data]) {
      const items = itemsOf(view);
      expect(items.length).toBeGreaterThan(5);
      for (const [n, item] of items.entries()) {
        const opened = [0, 2, 4].includes(n);
        expect([n, shown(item), item.result?.withheld], view.status).toEqual([n, opened, opened ? null : 'not_opened']);
        expect(item.question.inquiry).not.toBe('');
        expect(item.result?.correct).toBe(false);
      }
      expect(items[4]!.action.state).toBe('NotAnswered');
      expect(items[5]!.action.state).toBe('NotEncountered');
    }
  });

  it('also when the time ran out and the section was submitted for the learner', async () => {
    const vip = await learner(t, { roleKind: 'VIP' });
    const exam = await createAndGet(vip, { source: 'book', book_id: BOOK });
    expect((await vip.start(exam.id, 0)).err).toBeNull();
    await passTime(t.deps.database.db, exam.id, exam.sections[0]!.time_limit_seconds + 5);
    const view = (await vip.get(exam.id)).data;
    expect(view.status).toBe('Finished');
    expect(itemsOf(view).map((i) => i.result?.withheld)).toEqual(
      itemsOf(view).map((_, n) => (n === 0 ? null : 'not_opened')),
    );
  });

  it('staff, who have no quota, see every answer', async () => {
    const admin = await learner(t, { roleKind: 'Trail', isAdmin: true });
    const exam = await submittedSoon(admin);
    const items = itemsOf((await admin.result(exam.id)).data);
    expect(items.every((i) => shown(i) && i.result?.withheld === null)).toBe(true);
  });
});
