import { ESSAY_DIMENSIONS, isEssayScore } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgmentText } from './fake-openai.js';
import { EssayJudgeError } from './model-judge.js';
import { MAX_COMMENT_CHARS, parseJudgeReply } from './reply.js';

const halfPoint = fc.integer({ min: 0, max: 12 }).map((n) => n / 2);
const chinese = fc
  .array(fc.integer({ min: 0x4e00, max: 0x9fa5 }), { minLength: 1, maxLength: 40 })
  .map((codes) => String.fromCodePoint(...codes));
const comments = fc.tuple(...ESSAY_DIMENSIONS.map(() => chinese));

/** How a model may wrap a JSON judgment. */
const wrappers: ((json: string) => string)[] = [
  (json) => json,
  (json) => `\`\`\`json\n${json}\n\`\`\``,
  (json) => `\`\`\`\n${json}\n\`\`\``,
  (json) => `评分如下：\n${json}\n以上。`,
  (json) => `<think>Let me weigh {the position} first.</think>\n${json}`,
  (json) => `  \n${json}\n\n`,
];

describe("reading the model's reply", () => {
  it('takes a valid judgment however it is wrapped, in rubric order, comments trimmed', () => {
    fc.assert(
      fc.property(halfPoint, comments, fc.constantFrom(...wrappers), fc.boolean(), (score, texts, wrap, asArray) => {
        const byName = Object.fromEntries(ESSAY_DIMENSIONS.map((d, i) => [d, ` ${texts[i]} `]));
        const list = [...ESSAY_DIMENSIONS].reverse().map((d) => ({ dimension: d, text: byName[d] }));
        const reply = wrap(JSON.stringify({ score, comments: asArray ? list : byName }));
        const parsed = parseJudgeReply(reply);
        expect(parsed.score).toBe(score);
        expect(parsed.comments).toEqual(ESSAY_DIMENSIONS.map((dimension, i) => ({ dimension, text: texts[i] })));
      }),
    );
  });

  it('takes the rubric’s Chinese names and the American spelling for dimensions, and a score written as text', () => {
    const parsed = parseJudgeReply(
      JSON.stringify({
        score: '4.0',
        comments: { 立场: '清楚。', 论证: '有力。', 例证: '具体。', Organization: '清晰。', 语言: '流畅。' },
      }),
    );
    expect(parsed.score).toBe(4);
    expect(parsed.comments.map((c) => c.dimension)).toEqual([...ESSAY_DIMENSIONS]);
  });

  it('cuts a comment past the limit instead of refusing the judgment', () => {
    const long = '很'.repeat(MAX_COMMENT_CHARS + 500);
    const reply = JSON.stringify({ score: 3, comments: Object.fromEntries(ESSAY_DIMENSIONS.map((d) => [d, long])) });
    expect(parseJudgeReply(reply).comments.every((c) => c.text.length === MAX_COMMENT_CHARS)).toBe(true);
  });

  it('refuses any score off the 0–6 half-point scale, whatever its form', () => {
    const offScale = fc.oneof(
      fc.double({ noNaN: true }).filter((x) => !isEssayScore(x)),
      fc.constantFrom('7', '5.3', '4.25', 'four', '', '-1', null, true, [4], { value: 4 }),
    );
    fc.assert(
      fc.property(offScale, (score) => {
        const reply = JSON.stringify({ ...(JSON.parse(judgmentText()) as object), score });
        expect(() => parseJudgeReply(reply)).toThrow(EssayJudgeError);
      }),
    );
  });

  it('says what was wrong: the first complete object that fails, else that it is not JSON', () => {
    const malformed = (reply: string) => {
      try {
        parseJudgeReply(reply);
      } catch (err) {
        expect(err).toMatchObject({ kind: 'malformed', retryable: true });
        return (err as Error).message;
      }
      throw new Error('parsed');
    };
    expect(malformed('{"score": 4, "comments": {"position": "好"')).toMatch(/is not JSON/);
    expect(malformed('[4, "好"]')).toMatch(/is not JSON/);
    expect(malformed('{"score": 6.5, "comments": {}}')).toMatch(/score 6.5/);
    expect(malformed(JSON.stringify({ score: 3, comments: 'good essay' }))).toMatch(/no comments/);
    expect(malformed(JSON.stringify({ score: 3, comments: [{ dimension: 'position', text: '好' }] }))).toMatch(
      /no comment on reasoning, examples, organisation, language/,
    );
  });

  it('never throws anything but a malformed-reply error, on any text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'grapheme' })), (reply) => {
        try {
          const parsed = parseJudgeReply(reply);
          expect(isEssayScore(parsed.score)).toBe(true);
        } catch (err) {
          expect(err).toMatchObject({ kind: 'malformed' });
        }
      }),
    );
  });
});
