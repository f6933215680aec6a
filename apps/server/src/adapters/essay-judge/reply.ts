import { ESSAY_DIMENSIONS, isEssayScore, type EssayDimension } from '@gre/contracts';
import { EssayJudgeError, type ModelJudgment } from './model-judge.js';

/*
 * Reading the model's answer. Models wrap JSON in prose or a ```json fence, think aloud in <think> blocks, write a
 * score as "4.5" or a dimension as 立场: all taken when what is inside is a complete judgment. A score off the 0–6
 * half-point scale, a missing dimension or a comment that is not Chinese is malformed — never guessed into shape.
 */

/** Longest comment kept per dimension; a model that writes more is cut, not refused. */
export const MAX_COMMENT_CHARS = 1_000;

/** The names a model may give a dimension: ours, the rubric's Chinese, and the American spelling. */
const DIMENSION_NAMES: Record<string, EssayDimension> = {
  position: 'position',
  立场: 'position',
  reasoning: 'reasoning',
  论证: 'reasoning',
  examples: 'examples',
  例证: 'examples',
  organisation: 'organisation',
  organization: 'organisation',
  结构: 'organisation',
  language: 'language',
  语言: 'language',
};

const HAN = /\p{Script=Han}/u;
/** A score as text: a digit with at most a .0 or .5 (the scale itself is checked after). */
const SCORE_TEXT = /^\s*\d(?:\.[05])?\s*$/;

const malformed = (why: string) => new EssayJudgeError('malformed', `The model's reply ${why}`);

/** The texts that may hold the JSON, most literal first: the whole reply, each fenced block, the outermost braces. */
function candidates(reply: string): string[] {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  const found = [text];
  for (const fence of text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)) found.push(fence[1]!.trim());
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) found.push(text.slice(first, last + 1));
  return found;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function readScore(value: unknown): number {
  const score = typeof value === 'string' && SCORE_TEXT.test(value) ? Number(value) : value;
  if (score === undefined || score === null) throw malformed('has no score');
  if (!isEssayScore(score)) throw malformed(`score ${JSON.stringify(value)} is not 0–6 in half points`);
  return score;
}

/** The comments as dimension → text, from `{"position": "…"}` or `[{"dimension": "position", "text": "…"}]`. */
function commentEntries(value: unknown): [string, unknown][] {
  if (Array.isArray(value)) {
    return value.map((item): [string, unknown] => {
      const entry = (item ?? {}) as Record<string, unknown>;
      return [typeof entry.dimension === 'string' ? entry.dimension : '', entry.text ?? entry.comment];
    });
  }
  if (value !== null && typeof value === 'object') return Object.entries(value);
  throw malformed('has no comments');
}

function readComments(value: unknown): ModelJudgment['comments'] {
  const texts = new Map<EssayDimension, string>();
  for (const [name, text] of commentEntries(value)) {
    const dimension = DIMENSION_NAMES[name.trim().toLowerCase()];
    if (!dimension || texts.has(dimension) || typeof text !== 'string') continue;
    const trimmed = text.trim();
    if (!HAN.test(trimmed)) throw malformed(`comment on ${dimension} is not in Chinese`);
    texts.set(dimension, trimmed.slice(0, MAX_COMMENT_CHARS));
  }
  const missing = ESSAY_DIMENSIONS.filter((d) => !texts.has(d));
  if (missing.length > 0) throw malformed(`has no comment on ${missing.join(', ')}`);
  return ESSAY_DIMENSIONS.map((dimension) => ({ dimension, text: texts.get(dimension)! }));
}

/** The judgment in a model's reply text; EssayJudgeError('malformed') saying what was wrong when there is none. */
export function parseJudgeReply(reply: string): Omit<ModelJudgment, 'model'> {
  let firstProblem: EssayJudgeError | null = null;
  for (const text of candidates(reply)) {
    const object = parseObject(text);
    if (!object) continue;
    try {
      return { score: readScore(object.score), comments: readComments(object.comments) };
    } catch (err) {
      firstProblem ??= err as EssayJudgeError;
    }
  }
  throw firstProblem ?? malformed(`is not JSON: ${JSON.stringify(reply.slice(0, 80))}`);
}
