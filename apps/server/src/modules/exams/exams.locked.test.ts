import type { ExamItem, ExamView } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { answerKeys, createAndGet, examTestApp, learner, rightAnswer, type Learner } from './exams.fixtures.js';

// Decision 013: a mock mixes locked questions in (decision 007); their answers still never leave the server to a
// learner whose tier may not see them — not in the result, not in the finished exam.

/** Locked questions of b-mock-1's first Quant section (content/books/mock.json). */
const LOCKED = ['q-qc-006', 'q-mcs-041'];

let t: TestApp;
beforeAll(async () => {
  t = await examTestApp();
});
afterAll(() => t.close());

/** A quant mock of b-mock-1: the first locked question answered right, both sections submitted. */
async function finishedMock(l: Learner): Promise<{ exam: ExamView; answered: ExamItem['action']['answer'] }> {
  const exam = await createAndGet(l, { source: 'simulate', version: 'b-mock-1', select_kind: 'quant' });
  const position = exam.sections[0]!.items.findIndex((i) => i.question.id === LOCKED[0]);
  expect(position).toBeGreaterThanOrEqual(0);
  let rev = (await l.start(exam.id, 0)).data.revision;
  rev = (await l.move(exam.id, rev, 0, position)).data.revision;
  const answer = rightAnswer((await answerKeys(t.deps.database.db, [LOCKED[0]!])).get(LOCKED[0]!)!);
  const answered = await l.answer(exam.id, rev, 0, position, answer);
  expect(answered.err).toBeNull();
  rev = (await l.finish(exam.id, answered.data.revision, 0)).data.revision;
  expect((await l.finish(exam.id, rev, 1)).data.status).toBe('Finished');
  return { exam, answered: answer };
}

const itemsOf = (view: ExamView) => view.sections.flatMap((s) => s.items);

describe('locked questions in a finished mock', () => {
  it('a trial member keeps the stem, their answer and its grading, not the standard answer or the analysis', async () => {
    const trail = await learner(t, { roleKind: 'Trail' });
    const { exam, answered } = await finishedMock(trail);
    for (const view of [(await trail.result(exam.id)).data, (await trail.get(exam.id)).data]) {
      const items = itemsOf(view);
      const locked = items.filter((i) => LOCKED.includes(i.question.id));
      expect(locked).toHaveLength(LOCKED.length);
      for (const item of locked) {
        expect(item.question).toMatchObject({
          standard_answer: null,
          analysis: null,
          visibility: 'locked',
          accessable: true,
        });
        expect(item.question.inquiry).not.toBe('');
        expect(item.result?.withheld).toBe('public_only');
      }
      const first = locked.find((i) => i.question.id === LOCKED[0])!;
      expect(first.action.answer).toMatchObject(answered!);
      expect(first.result?.correct).toBe(true);
      const open = items.filter((i) => i.question.visibility === 'public');
      expect(open.length).toBeGreaterThan(0);
      expect(
        open.every(
          (i) => i.question.standard_answer !== null && i.question.analysis !== null && i.result?.withheld === null,
        ),
      ).toBe(true);
    }
  });

  it('a VIP gets the answers and the analysis of every question', async () => {
    const vip = await learner(t, { roleKind: 'VIP' });
    const { exam } = await finishedMock(vip);
    for (const view of [(await vip.result(exam.id)).data, (await vip.get(exam.id)).data]) {
      const items = itemsOf(view);
      expect(items.filter((i) => LOCKED.includes(i.question.id))).toHaveLength(LOCKED.length);
      expect(
        items.every(
          (i) => i.question.standard_answer !== null && i.question.analysis !== null && i.result?.withheld === null,
        ),
      ).toBe(true);
    }
  });
});
