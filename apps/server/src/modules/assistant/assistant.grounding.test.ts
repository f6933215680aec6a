import type { Answer } from '@gre/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { answerKeys, publicIds } from '../../../test/fixtures.js';
import {
  asActor,
  asker,
  assistantTestApp,
  craftFor,
  runningExam,
  secretsOf,
  submitFirstSection,
  type Asker,
} from './assistant.fixtures.js';
import { answerText, groundQuestion } from './grounding.js';

// The grounding rules (decision 030): what may enter an answer for which learner, and when.

let t: TestApp;
let me: Asker;
beforeAll(async () => {
  t = await assistantTestApp();
  me = await asker(t);
}, 120_000);
afterAll(() => t.close());

const ground = async (a: Asker, id: string, words: string[] = []) =>
  groundQuestion(t.deps, await asActor(t, a.userId), id, words);

describe('an open question, no exam running', () => {
  it('holds the question, its standard answer and analysis, the learner’s own answer and note', async () => {
    const [id] = await publicIds(t.deps.database.db, 1);
    await craftFor(t.deps.database.db, me.userId, id!, ['B'], '我以为转折在后半句');
    const g = await ground(me, id!);
    const key = (await answerKeys(t.deps.database.db, [id!])).get(id!)!;
    const secrets = await secretsOf(t.deps.database.db, id!);
    expect(g.withheld).toEqual([]);
    expect(g.question).toMatchObject({ id, category: 1 });
    expect(g.question!.stem.length).toBeGreaterThan(10);
    expect(g.question!.options.length).toBeGreaterThan(1);
    expect(g.standardAnswer).toBe(answerText(key.standard_answer as Partial<Answer>));
    expect(g.analysis?.text).toBe(secrets.analysis);
    expect(g.yourAnswer).toBe('B');
    expect(g.yourNote).toBe('我以为转折在后半句');
    expect(g.similar.length).toBeGreaterThan(0);
    expect(g.similar.map((s) => s.id)).not.toContain(id);
  });

  it('holds the dictionary senses of the words asked about', async () => {
    const [id] = await publicIds(t.deps.database.db, 1);
    const g = await ground(me, id!, ['ubiquitous']);
    expect(g.words[0]).toMatchObject({ headword: 'ubiquitous' });
    expect([...g.words[0]!.gre_senses, ...g.words[0]!.translation].join('')).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('a running exam', () => {
  it('keeps the answer, analysis, own answer and note out while it runs, for this learner only', async () => {
    const a = await asker(t);
    const running = await runningExam(a);
    await craftFor(t.deps.database.db, a.userId, running.first, ['A'], '答案是 A');
    const g = await ground(a, running.first);
    expect(g.withheld).toEqual(['exam_running']);
    expect(g.question!.stem.length).toBeGreaterThan(0);
    expect(g.standardAnswer).toBeNull();
    expect(g.analysis).toBeNull();
    expect(g.yourAnswer).toBeNull();
    expect(g.yourNote).toBeNull();
    // Same-kind questions skip the ones the exam holds.
    const held = new Set(running.exam.sections[0]!.items.map((i) => i.question.id));
    const other = await ground(
      a,
      (await publicIds(t.deps.database.db, 1)).find((x) => !held.has(x))!,
    );
    expect(other.similar.some((s) => held.has(s.id))).toBe(false);
    // Another learner is not held by it.
    expect((await ground(me, running.first)).withheld).toEqual([]);
    await submitFirstSection(a, running);
    const after = await ground(a, running.first);
    expect(after.withheld).toEqual([]);
    expect(after.analysis).not.toBeNull();
  });
});

describe('a question the learner may not open', () => {
  it('refuses as the bank does: locked below FreeVIP is public_only, an unknown id not_found', async () => {
    const trial = await asker(t, 'Trail');
    const res = await t.deps.database.db.execute<{ id: string }>(
      "select id from questions where visibility = 'locked' order by id limit 1",
    );
    const locked = res.rows[0]!.id;
    await expect(ground(trial, locked)).rejects.toMatchObject({ kind: 'public_only' });
    await expect(ground(trial, 'q-no-such-one')).rejects.toMatchObject({ kind: 'not_found' });
    const free = await asker(t, 'FreeVIP');
    expect((await ground(free, locked)).withheld).toEqual([]);
  });
});
