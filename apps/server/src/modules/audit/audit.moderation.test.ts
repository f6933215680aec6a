import { auditLog } from '@gre/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commented,
  discussant,
  postsTestApp,
  publicTopics,
  type Discussant,
  type PostsTestApp,
} from '../../../test/fixtures.js';

// The operators' moderation calls write their audit row in the unit of work of the decision: a decision that is
// refused (already decided, removed) writes none.

let t: PostsTestApp;
let topic: number;
let op: Discussant;
let learner: Discussant;

beforeAll(async () => {
  t = await postsTestApp();
  topic = (await publicTopics(t.deps.database.db, 1))[0]!;
  op = await discussant(t, { isOperator: true, name: '运营' });
  learner = await discussant(t, { name: '学员' });
});
afterAll(() => t.close());

const rowsOf = (action: string, targetId: string | null) =>
  t.deps.database.db
    .select()
    .from(auditLog)
    .where(
      targetId === null
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
    )
    .orderBy(auditLog.id);

describe('moderation in the audit log', () => {
  it('keywords: the list before and after', async () => {
    await op.setKeywords(['广告']);
    await op.setKeywords(['广告', '代写']);
    const rows = await rowsOf('post/keywords/set', null);
    expect(rows.map((r) => [r.actorId, r.actorRole, r.targetKind, r.before, r.after])).toEqual([
      [op.id, 'operator', 'keywords', [], ['广告']],
      [op.id, 'operator', 'keywords', ['广告'], ['代写', '广告']],
    ]);
  });

  it('review: approve and reject with the status before and after; a second decision writes nothing', async () => {
    await op.setKeywords(['广告', '代写']);
    const held = await commented(learner, topic, '这里有广告');
    const other = await commented(learner, topic, '广告位招租');
    expect((await op.approve(held)).ok).toBe(true);
    expect((await op.reject(other, '广告')).ok).toBe(true);
    expect((await op.approve(held)).err?.kind).toBe('conflict');
    expect((await rowsOf('post/review', String(held))).map((r) => [r.before, r.after])).toEqual([
      [{ review_status: 'Uploading' }, { review_status: 'Reviewed' }],
    ]);
    expect((await rowsOf('post/review', String(other))).map((r) => r.after)).toEqual([
      { review_status: 'Rejected', reason: '广告' },
    ]);
  });

  it('remove: the comment as it was and the reason; removing it again writes nothing', async () => {
    const id = await commented(learner, topic, '一条普通评论');
    expect((await op.takeDown(id, '灌水')).ok).toBe(true);
    expect((await op.takeDown(id, '灌水')).err?.kind).toBe('conflict');
    const rows = await rowsOf('post/remove', String(id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      targetKind: 'comment',
      before: { review_status: 'Reviewed', user_id: learner.id },
      after: { removed: true, reason: '灌水' },
    });
  });
});
