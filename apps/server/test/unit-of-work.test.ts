import { collectTags, sessions, users } from '@gre/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveRole, type Actor, type UserRow } from '../src/lib/authorize.js';
import type { InProcessQueue } from '../src/lib/job-queue.js';
import { withUnitOfWork } from '../src/lib/unit-of-work.js';
import { addTag } from '../src/modules/crafts/collect.service.js';
import { freezeUser } from '../src/modules/freeze/index.js';
import { insertUser, sessionFor } from './actors.js';
import { createTestApp, type TestApp } from './test-app.js';

// lib/unit-of-work.ts across two modules: two services that each open a transaction of their own — freezing a user
// (and ending their sessions), creating a collect tag — called inside one unit of work (decision 017) commit together
// or not at all, and what waits for the commit (uow.afterCommit: a job, a mail) happens only once all is committed.

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = actor(await insertUser(t.deps.database.db, { isAdmin: true }));
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const actor = (user: UserRow): Actor => ({
  user,
  sessionId: 0,
  deviceId: 'test-device',
  role: effectiveRole(user, new Date()),
});

/** A learner with a live session and one collect tag named 'kept'. */
async function learner() {
  const user = await insertUser(db());
  await sessionFor(db(), user.id);
  await addTag(t.deps, actor(user), { name: 'kept', desp: '' });
  return actor(user);
}

/** What the two services wrote, read outside any unit. */
async function state(l: Actor) {
  const [u] = await db().select({ frozen: users.isFreeze }).from(users).where(eq(users.id, l.user.id));
  const live = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, l.user.id), isNull(sessions.revokedAt)));
  const tags = await db().select({ name: collectTags.name }).from(collectTags).where(eq(collectTags.userId, l.user.id));
  return { frozen: u!.frozen, liveSessions: live.length, tags: tags.map((r) => r.name).sort() };
}

const before = { frozen: false, liveSessions: 1, tags: ['kept'] };

describe('a unit of work', () => {
  it('commits two services together', async () => {
    const l = await learner();
    await withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      await addTag(uow.deps, l, { name: 'new', desp: '' });
    });
    expect(await state(l)).toEqual({ frozen: true, liveSessions: 0, tags: ['kept', 'new'] });
  });

  it('rolls both back when the second refuses inside the transaction it would have opened', async () => {
    const l = await learner();
    const unit = withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      // A tag of this name exists: addTag refuses after its lock and count, inside the shared transaction.
      await addTag(uow.deps, l, { name: 'kept', desp: '' });
    });
    await expect(unit).rejects.toMatchObject({ kind: 'conflict' });
    expect(await state(l)).toEqual(before);
  });

  it('rolls both back when the caller fails after both returned', async () => {
    const l = await learner();
    const unit = withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      await addTag(uow.deps, l, { name: 'new', desp: '' });
      throw new Error('the grant failed');
    });
    await expect(unit).rejects.toThrow('the grant failed');
    expect(await state(l)).toEqual(before);
  });

  it('without a unit, each service commits on its own (what the unit is for)', async () => {
    const l = await learner();
    await freezeUser(t.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
    await expect(addTag(t.deps, l, { name: 'kept', desp: '' })).rejects.toMatchObject({ kind: 'conflict' });
    expect(await state(l)).toEqual({ ...before, frozen: true, liveSessions: 0 });
  });

  it('reads the site settings through the unit: its own writes, and no wait behind its transaction', async () => {
    await t.deps.settings.setOverride('review_cap', 7);
    const unit = withUnitOfWork(t.deps, async (uow) => {
      // The cache was just dropped: this read is a query, which on PGlite must go through the unit's transaction.
      expect(await uow.deps.settings.override('review_cap')).toBe(7);
      await uow.deps.settings.setOverride('review_cap', 9);
      expect(await uow.deps.settings.override('review_cap')).toBe(9);
      throw new Error('undo');
    });
    await expect(unit).rejects.toThrow('undo');
    // Rolled back, and the uncommitted 9 never reached the instance's cache.
    expect(await t.deps.settings.override('review_cap')).toBe(7);
  });

  it('a unit inside a unit joins it: nothing commits until the outer one does', async () => {
    const l = await learner();
    const unit = withUnitOfWork(t.deps, async (outer) => {
      await withUnitOfWork(outer.deps, async (inner) => {
        expect(inner.tx).toBe(outer.tx);
        await freezeUser(inner.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      });
      throw new Error('outer fails');
    });
    await expect(unit).rejects.toThrow('outer fails');
    expect(await state(l)).toEqual(before);
  });
});

describe('afterCommit', () => {
  const queue = () => t.deps.queue as InProcessQueue;
  const audited: unknown[] = [];
  beforeAll(async () => {
    await t.deps.queue.work('test.audit', async (data) => {
      audited.push(data);
    });
  });

  it('runs after the commit, in order — a job sent from it finds the rows committed', async () => {
    const l = await learner();
    const order: string[] = [];
    await withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      uow.afterCommit(() => order.push('first'));
      uow.afterCommit(async () => {
        // Outside the unit's transaction: this read waits for nothing and sees the commit.
        order.push(`second: frozen ${(await state(l)).frozen}`);
        await uow.deps.queue.send('test.audit', { frozen: l.user.id });
      });
      await withUnitOfWork(uow.deps, async (inner) => inner.afterCommit(() => order.push('from a joined unit')));
      order.push('work done');
    });
    await queue().idle();
    expect(order).toEqual(['work done', 'first', 'second: frozen true', 'from a joined unit']);
    expect(audited).toContainEqual({ frozen: l.user.id });
  });

  it('never runs when the unit rolls back: no job for work that did not happen', async () => {
    const l = await learner();
    let ran = false;
    const unit = withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      uow.afterCommit(async () => {
        ran = true;
        await uow.deps.queue.send('test.audit', { frozen: l.user.id });
      });
      await addTag(uow.deps, l, { name: 'kept', desp: '' });
    });
    await expect(unit).rejects.toMatchObject({ kind: 'conflict' });
    await queue().idle();
    expect(ran).toBe(false);
    expect(audited).not.toContainEqual({ frozen: l.user.id });
  });

  it('a failing callback cannot undo the commit: the rest still run and the caller gets the first error', async () => {
    const l = await learner();
    const order: string[] = [];
    const unit = withUnitOfWork(t.deps, async (uow) => {
      await freezeUser(uow.deps, admin, { userId: l.user.id, freeze: true, reason: '' });
      uow.afterCommit(() => {
        throw new Error('mail server away');
      });
      uow.afterCommit(() => order.push('still ran'));
    });
    await expect(unit).rejects.toThrow('mail server away');
    expect(order).toEqual(['still ran']);
    expect((await state(l)).frozen).toBe(true);
  });
});
