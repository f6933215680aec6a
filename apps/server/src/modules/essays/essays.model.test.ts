import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgmentText, startFakeOpenAi, type FakeOpenAi } from '../../adapters/essay-judge/fake-openai.js';
import {
  essayOf,
  essayOfExam,
  essayTestApp,
  getEssay,
  GOOD_ESSAY,
  writeEssay,
  writer,
  type EssayApp,
} from './essays.fixtures.js';

// The judging job with the model judge configured the way a deployment configures it (ESSAY_JUDGE_*), against a local
// endpoint that speaks the OpenAI protocol.

let fake: FakeOpenAi;
let app: EssayApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  app = await essayTestApp({
    ESSAY_JUDGE_URL: fake.baseUrl,
    ESSAY_JUDGE_KEY: fake.key,
    ESSAY_JUDGE_MODEL: fake.model,
    ESSAY_JUDGE_TIMEOUT_MS: '2000',
  });
}, 120_000);
afterAll(async () => {
  await app.t.close();
  await fake.close();
});

describe('the configured model judge', () => {
  it('is asked with the essay and the prompt; agreeing with the machine, the two are combined', async () => {
    const vip = await writer(app.t);
    const alone = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    const first = essayOf(await getEssay(app.t, vip, alone.id));
    expect(first.status).toBe('Finished');
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${fake.key}`);
    expect(JSON.stringify(request.body)).toContain('local newspapers');
    expect(JSON.stringify(request.body)).toContain('borrowing costs rose');
    expect(first.comments.some((c) => c.judge === 'model')).toBe(true);
    expect(['agreed', 'machine']).toContain(first.score_source);
    expect((await essayOfExam(app.t, alone.examId!)).model).toMatchObject({ model: fake.answeredModel });
  });

  it('a model that hangs past the timeout leaves the machine’s score and never a stuck essay', async () => {
    const vip = await writer(app.t);
    fake.setDefault({ kind: 'hang' });
    try {
      const row = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
      await app.idle();
      const essay = essayOf(await getEssay(app.t, vip, row.id));
      expect(essay).toMatchObject({ status: 'Finished', score_source: 'machine' });
      expect(essay.comments.every((c) => c.judge === 'machine')).toBe(true);
      expect((await essayOfExam(app.t, row.examId!)).model).toMatchObject({
        error: expect.stringMatching(/./) as string,
      });
    } finally {
      fake.reset();
    }
  });

  it('a reply far from the machine flags the essay for a teacher', async () => {
    const vip = await writer(app.t);
    const row = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    const machine = (await essayOfExam(app.t, row.examId!)).machine as { score: number };
    fake.next({ kind: 'judge', content: judgmentText(machine.score >= 3 ? 0 : 6) });
    const far = await essayOfExam(app.t, await writeEssay(vip, GOOD_ESSAY));
    await app.idle();
    expect(essayOf(await getEssay(app.t, vip, far.id))).toMatchObject({ needs_teacher: true, score_source: 'machine' });
  });
});
