import { mailCalls } from '@gre/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createUser, type TestUser } from '../../../test/fixtures.js';
import type { Deps } from '../../lib/deps.js';
import type { InProcessQueue, JobQueue } from '../../lib/job-queue.js';
import { fanOutNotice, NOTICE_FANOUT_JOB, type NoticeFanoutData } from './index.js';
import { deliverNoticeBatch, NOTICE_BATCH } from './notices.service.js';

const GENERATED = 10_000;
let t: TestApp;
let operator: TestUser;
/** What the fan-out handler does with the next job: run it, fail once after its batch commits, or leave it. */
let mode: 'run' | 'fail_once_after_batch' | 'hold' = 'run';
/** Jobs killed by the injected failure. */
let killed = 0;

/** A queue whose first send fails: the job dies after its batch committed and before the next job was sent. */
function failingFirstSend(queue: JobQueue): JobQueue {
  let failed = false;
  return Object.assign(Object.create(queue) as JobQueue, {
    send: (...args: Parameters<JobQueue['send']>) => {
      if (!failed) {
        failed = true;
        killed += 1;
        return Promise.reject(new Error('killed after the first batch'));
      }
      return queue.send(...args);
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  operator = await createUser(t.deps, { isOperator: true });
  await t.deps.database.db.execute(sql`
    insert into users (name, email, password_hash, role_kind, is_freeze)
    select '学员' || g, 'fan-' || g || '@test.gre', 'not-a-hash', case when g % 10 = 0 then 'VIP' else 'Trail' end, g % 500 = 0
    from generate_series(1, ${GENERATED}::int) g`);
  await t.deps.queue.work<NoticeFanoutData>(NOTICE_FANOUT_JOB, async (data, d: Deps) => {
    if (mode === 'hold') return null;
    if (mode === 'fail_once_after_batch') {
      mode = 'run';
      return fanOutNotice({ ...d, queue: failingFirstSend(d.queue) }, data);
    }
    return fanOutNotice(d, data);
  });
}, 120_000);
afterAll(() => t.close());

const idle = () => (t.deps.queue as InProcessQueue).idle();

async function send(audience: Record<string, unknown>) {
  const r = await t.call(
    mailCalls.sendNotice,
    { subject: '全站通知', content: '<p>内容</p>', audience },
    { token: operator.token },
  );
  expect(r.status).toBe(200);
  expect(r.data).toMatchObject({ status: 'Queued', delivered: 0 });
  return r.data.id;
}

/** Copies of the notice, users holding more than one, and the audience it should have reached. */
async function tally(noticeId: number, audience: string) {
  const res = await t.deps.database.db.execute<{
    copies: number;
    doubled: number;
    expected: number;
    delivered: number;
    status: string;
  }>(sql`
    select
      (select count(*)::int from mails where notice_id = ${noticeId}::bigint) as copies,
      (select count(*)::int from (select user_id from mails where notice_id = ${noticeId}::bigint group by user_id having count(*) > 1) d) as doubled,
      (select count(*)::int from users where ${sql.raw(audience)}) as expected,
      (select delivered from notices where id = ${noticeId}::bigint) as delivered,
      (select status from notices where id = ${noticeId}::bigint) as status`);
  return res.rows[0]!;
}

const notFrozen = 'not is_freeze';

describe('notice fan-out', () => {
  it(`delivers a notice to all ${GENERATED.toLocaleString()} generated users exactly once each`, async () => {
    const id = await send({ kind: 'all' });
    await idle();
    const n = await tally(id, notFrozen);
    expect(n.expected).toBeGreaterThan(GENERATED - GENERATED / 500);
    expect(n).toMatchObject({ copies: n.expected, doubled: 0, delivered: n.expected, status: 'Done' });
    expect((t.deps.queue as InProcessQueue).failed).toEqual([]);
  }, 120_000);

  it('is killed after its first batch, retried, and still delivers each user once', async () => {
    mode = 'fail_once_after_batch';
    const id = await send({ kind: 'all' });
    await idle();
    expect(killed).toBe(1);
    const n = await tally(id, notFrozen);
    expect(n).toMatchObject({ copies: n.expected, doubled: 0, delivered: n.expected, status: 'Done' });
    expect((t.deps.queue as InProcessQueue).failed).toEqual([]);
  }, 120_000);

  it('resumes from a batch left half-way, and a batch run again or a duplicate job writes nothing twice', async () => {
    mode = 'hold';
    const id = await send({ kind: 'role', roles: ['VIP'] });
    await idle();
    mode = 'run';
    const vips = "role_kind = 'VIP' and not is_freeze";
    // The first batch by hand: Sending, with its copies counted.
    const first = await deliverNoticeBatch(t.deps, id, 0, 300);
    expect(first.written).toBe(300);
    expect(await tally(id, vips)).toMatchObject({ copies: 300, delivered: 300, status: 'Sending' });
    // The same batch again (a retry) writes none; two jobs for the rest at once (a duplicate delivery) share it out.
    expect(await deliverNoticeBatch(t.deps, id, 0, 300)).toEqual({ written: 0, next: first.next });
    await Promise.all([
      t.deps.queue.send(NOTICE_FANOUT_JOB, { notice_id: id, after: first.next! }),
      t.deps.queue.send(NOTICE_FANOUT_JOB, { notice_id: id, after: first.next! }),
      t.deps.queue.send(NOTICE_FANOUT_JOB, { notice_id: id, after: 0 }),
    ]);
    await idle();
    const n = await tally(id, vips);
    expect(n.expected).toBeGreaterThan(900);
    expect(n).toMatchObject({ copies: n.expected, doubled: 0, delivered: n.expected, status: 'Done' });
    // Done is final: a late job finds nothing to do.
    expect(await deliverNoticeBatch(t.deps, id, 0)).toEqual({ written: 0, next: null });
    expect(NOTICE_BATCH).toBeGreaterThanOrEqual(1000);
  }, 120_000);

  it('returns at once for a large audience: the call writes one notice and no mails', async () => {
    mode = 'hold';
    const id = await send({ kind: 'all' });
    expect(await tally(id, notFrozen)).toMatchObject({ copies: 0, delivered: 0, status: 'Queued' });
    await idle();
    mode = 'run';
  });
});
