import type { Answer, ExamView } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { createAndGet, examTestApp, learner, type Learner } from './exams.fixtures.js';

// What the web's offline queue relies on (decision 035): a change the device sends again after a reload — with the
// revision of the exam it just loaded — is harmless when the server already has it, and a replay still carrying an
// old revision writes nothing.

let t: TestApp;
let vip: Learner;
beforeAll(async () => {
  t = await examTestApp();
  vip = await learner(t, { roleKind: 'VIP' });
});
afterAll(() => t.close());

const choice = (key: string): Partial<Answer> => ({ selects: [key] });

async function started(): Promise<{ id: number; rev: number }> {
  const exam = await createAndGet(vip, { source: 'book', book_id: 'b-pick-filling-medium-1', is_auto_commit: true });
  const res = await vip.start(exam.id, 0);
  expect(res.err).toBeNull();
  return { id: exam.id, rev: res.data.revision };
}

/** What a replay must leave as it was: every answer, flag and state, the cursor and the status. */
const actions = (v: ExamView) => ({
  status: v.status,
  cursor: v.cursor,
  items: v.sections.map((s) => s.items.map((i) => [i.action.answer?.selects, i.action.flagged, i.action.state])),
});

describe('replayed changes', () => {
  it('an answer, flag and move sent again with the current revision change nothing but the revision', async () => {
    const { id, rev: first } = await started();
    let rev = first;
    for (const step of [
      () => vip.move(id, rev, 0, 1),
      () => vip.answer(id, rev, 0, 1, choice('A')),
      () => vip.answer(id, rev, 0, 1, choice('B')),
      () => vip.flag(id, rev, 0, 1, true),
    ]) {
      const res = await step();
      expect(res.err).toBeNull();
      rev = res.data.revision;
    }
    const before = (await vip.get(id)).data;
    expect(before.sections[0]!.items[1]!.action.answer?.selects).toEqual(['B']);

    // The device lost the acknowledgements, reloaded, and sends its last answer, flag and move again.
    for (const step of [
      () => vip.move(id, rev, 0, 1),
      () => vip.answer(id, rev, 0, 1, choice('B')),
      () => vip.flag(id, rev, 0, 1, true),
    ]) {
      const res = await step();
      expect(res.err).toBeNull();
      rev = res.data.revision;
    }
    const after = (await vip.get(id)).data;
    expect(actions(after)).toEqual(actions(before));
  });

  it('a replay still carrying an old revision is refused as stale and writes nothing', async () => {
    const { id, rev } = await started();
    const a = await vip.answer(id, rev, 0, 1, choice('A'));
    const b = await vip.answer(id, a.data.revision, 0, 1, choice('B'));
    expect(b.err).toBeNull();
    const before = (await vip.get(id)).data;
    const replay = await vip.answer(id, rev, 0, 1, choice('A'));
    expect(replay.err?.kind).toBe('stale_revision');
    const after = (await vip.get(id)).data;
    expect(after.revision).toBe(before.revision);
    expect(actions(after)).toEqual(actions(before));
  });

  it('a replayed submit of a section already submitted is refused as exam_finished and changes nothing', async () => {
    const { id, rev } = await started();
    const done = await vip.finish(id, rev, 0);
    expect(done.err).toBeNull();
    const before = (await vip.get(id)).data;
    const replay = await vip.finish(id, done.data.revision, 0);
    expect(replay.err?.kind).toBe('exam_finished');
    expect(actions((await vip.get(id)).data)).toEqual(actions(before));
  });
});
