import { questionCalls, wordCalls } from '@gre/contracts';
import { wordEncounters } from '@gre/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, userWithToken } from '../../../test/actors.js';
import { passage, pkg, rcSingle, tc1 } from '../../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../lib/clock.js';
import { importPackage } from '../content-import/index.js';
import { MET_PAGE_SIZE, WORD_ENCOUNTERS_MAX } from './encounters.service.js';

let t: TestApp;
const clock = new ManualClock(new Date('2025-03-01T08:00:00Z'));
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await importPackage(
    db(),
    pkg({
      'bank/met.json': {
        passages: [passage('p-met')],
        questions: [
          rcSingle('q-met-rc', 'p-met'),
          tc1('q-met-pub'),
          tc1('q-met-lock', { visibility: 'locked' }),
          tc1('q-met-hid', { visibility: 'hidden' }),
        ],
      },
    }),
  );
});
afterAll(() => t.close());

async function learner(roleKind: 'Trail' | 'VIP' = 'Trail') {
  const u = await userWithToken(db(), { roleKind });
  const token = u.token;
  return {
    id: u.user.id,
    lookup: (word: string, question_id?: string) =>
      t.call(questionCalls.wordLookup, question_id ? { word, question_id } : { word }, { token }),
    met: (page?: number) => t.call(wordCalls.met, page === undefined ? {} : { page }, { token }),
    raw: (body: unknown) => t.call(questionCalls.wordLookup, body as Record<string, unknown>, { token }),
  };
}

const rowsOf = (userId: number) => db().select().from(wordEncounters).where(eq(wordEncounters.userId, userId));

describe('/api/word/lookup with question_id', () => {
  it('keeps the word met once with the sentence the server cut, and counts the repeats', async () => {
    const me = await learner();
    const plain = await me.lookup('bubbles');
    const res = await me.lookup('Bubbles,', 'q-met-rc');
    expect(res.status).toBe(200);
    expect(res.data.entries).toEqual(plain.data.entries.map((e) => ({ ...e, word: 'Bubbles' })));
    clock.advance(60_000);
    await me.lookup('bubble', 'q-met-rc');
    clock.advance(60_000);
    await me.lookup('bubbles', 'q-met-rc');
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      word: 'bubble',
      questionId: 'q-met-rc',
      sentence: 'Each layer traps small bubbles of air.',
      count: 3,
    });
    expect(rows[0]!.lastAt.getTime() - rows[0]!.firstAt.getTime()).toBe(120_000);
    // The same word in another question is another row; a look-up without a question keeps nothing.
    clock.advance(1000);
    await me.lookup('review', 'q-met-pub');
    await me.lookup('climate');
    const met = (await me.met()).data;
    expect(met.total).toBe(2);
    expect(met.items[0]).toMatchObject({
      word: 'review',
      question_id: 'q-met-pub',
      sentence: "Fixture q-met-pub: the critic's review was so ____ that even the author's friends winced.",
      count: 1,
      last_stamp: Math.floor(clock.now().getTime() / 1000),
    });
    expect(met.items[1]).toMatchObject({ word: 'bubble', count: 3 });
  });

  it('keeps nothing for a question the learner may not see or the bank lacks, and answers the look-up alike', async () => {
    const me = await learner('Trail');
    const plain = (await me.lookup('review')).data;
    for (const id of ['q-met-lock', 'q-met-hid', 'q-none', 'w-review']) {
      const res = await me.lookup('review', id);
      expect(res.status, id).toBe(200);
      expect(res.data).toEqual(plain);
    }
    expect(await rowsOf(me.id)).toEqual([]);
    const vip = await learner('VIP');
    await vip.lookup('review', 'q-met-lock');
    await vip.lookup('review', 'q-met-hid');
    expect((await rowsOf(vip.id)).map((r) => r.questionId)).toEqual(['q-met-lock']);
  });

  it('keeps nothing for a word the question’s passage and stem do not hold, an unknown word or a compound', async () => {
    const me = await learner();
    for (const word of ['laconic', 'zzqxv', 'reef-building', '😀', "'; drop table word_encounters; --"]) {
      expect((await me.lookup(word, 'q-met-rc')).status, word).toBe(200);
    }
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses a hostile or malformed question id with invalid_input, writing nothing', async () => {
    const me = await learner();
    const before = await countRows(db(), ['word_encounters']);
    for (const question_id of [
      '',
      'q',
      "q'; drop table x",
      'p-met',
      'q-met-rc/../x',
      'Q-MET-RC',
      'q'.repeat(65),
      7,
      null,
    ]) {
      const res = await me.raw({ word: 'bubbles', question_id });
      expect(res.status, String(question_id)).toBe(400);
      expect(res.err?.kind).toBe('invalid_input');
    }
    expect(await countRows(db(), ['word_encounters'])).toEqual(before);
  });

  it('counts parallel repeats of one look-up exactly', async () => {
    const me = await learner();
    await Promise.all(Array.from({ length: 6 }, () => me.lookup('glaciers', 'q-met-rc')));
    expect((await rowsOf(me.id)).map((r) => [r.word, r.count])).toEqual([['glacier', 6]]);
  });

  it(`keeps at most ${WORD_ENCOUNTERS_MAX} rows a learner, dropping the oldest look-ups`, async () => {
    const me = await learner();
    const start = clock.now().getTime() - 10 * 86_400_000;
    await db()
      .insert(wordEncounters)
      .values(
        Array.from({ length: WORD_ENCOUNTERS_MAX }, (_, i) => ({
          userId: me.id,
          word: `w${i}`,
          questionId: 'q-met-rc',
          sentence: 's',
          firstAt: new Date(start + i * 1000),
          lastAt: new Date(start + i * 1000),
        })),
      );
    await me.lookup('bubbles', 'q-met-rc');
    await me.lookup('w1', 'q-met-rc');
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(WORD_ENCOUNTERS_MAX);
    expect(rows.some((r) => r.word === 'w0')).toBe(false);
    expect(rows.some((r) => r.word === 'bubble')).toBe(true);
    // A repeat adds no row, so nothing more is dropped.
    await me.lookup('bubbles', 'q-met-rc');
    expect(await rowsOf(me.id)).toHaveLength(WORD_ENCOUNTERS_MAX);
    expect((await rowsOf(me.id)).some((r) => r.word === 'w1')).toBe(true);
  });
});

describe('/api/word/met', () => {
  it(`pages the learner's words met latest first, ${MET_PAGE_SIZE} a page, and only theirs`, async () => {
    const me = await learner();
    const other = await learner();
    await other.lookup('bubbles', 'q-met-rc');
    const start = clock.now().getTime();
    await db()
      .insert(wordEncounters)
      .values(
        Array.from({ length: MET_PAGE_SIZE + 5 }, (_, i) => ({
          userId: me.id,
          word: `word${String(i).padStart(2, '0')}`,
          questionId: 'q-met-rc',
          sentence: `sentence ${i}`,
          count: i + 1,
          lastAt: new Date(start + i * 1000),
        })),
      );
    const first = (await me.met()).data;
    const second = (await me.met(2)).data;
    expect(first.total).toBe(MET_PAGE_SIZE + 5);
    expect(first.items).toHaveLength(MET_PAGE_SIZE);
    expect(first.items[0]).toMatchObject({ word: 'word24', count: 25, sentence: 'sentence 24' });
    expect(second.items.map((i) => i.word)).toEqual(['word04', 'word03', 'word02', 'word01', 'word00']);
    expect((await me.met(3)).data).toEqual({ items: [], total: MET_PAGE_SIZE + 5 });
    expect([...first.items, ...second.items].every((i) => i.question_id === 'q-met-rc')).toBe(true);
  });

  it('refuses pages out of bounds and strangers', async () => {
    const me = await learner();
    for (const body of [{ page: 0 }, { page: 1001 }, { page: 1.5 }, { page: '1' }, { page: 1, extra: true }]) {
      const res = await t.call(wordCalls.met, body, { token: (await userWithToken(db())).token });
      expect(res.err?.kind, JSON.stringify(body)).toBe('invalid_input');
    }
    expect((await me.met(1000)).data.items).toEqual([]);
    expect((await t.call(wordCalls.met, {})).err?.kind).toBe('unauthorized');
  });
});
