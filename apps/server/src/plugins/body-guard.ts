import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** No contract nests this deep; a deeper body is an attack on the validator, not a request. */
export const MAX_BODY_DEPTH = 32;

/**
 * C0 control characters other than tab, newline and carriage return, plus DEL. PostgreSQL cannot store
 * NUL at all (the insert would fail as a 500), and the rest have no place in anything a person types.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** A lone UTF-16 surrogate has no UTF-8 form: the driver would silently store U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Anything but printable ASCII, tab, newline and carriage return: most strings have none and need no closer look. */
const BEYOND_PLAIN_ASCII = /[^\t\n\r\u0020-\u007E]/;

/** Why a string may not enter the system, or null when it may. */
export function badString(s: string): string | null {
  if (!BEYOND_PLAIN_ASCII.test(s)) return null;
  if (FORBIDDEN_CHAR.test(s)) return 'a control character';
  if (LONE_SURROGATE.test(s)) return 'an unpaired surrogate';
  return null;
}

interface Visit {
  value: unknown;
  depth: number;
  /** Where the value sits, as the parent's visit and the key in it; the path is spelled out only for a problem. */
  parent: Visit | null;
  key: string;
}

function pathOf(v: Visit): string {
  const parts: string[] = [];
  for (let at: Visit | null = v; at?.parent; at = at.parent) parts.push(at.key.slice(0, 40));
  return parts.length === 0 ? '/' : `/${parts.reverse().join('/')}`;
}

/** Checks a string where it is found, or queues an object or array for a visit; names the problem, if any. */
function enter(stack: Visit[], parent: Visit, item: unknown, key: string): string | null {
  if (typeof item === 'string') {
    const why = badString(item);
    return why ? `${pathOf({ value: item, depth: parent.depth + 1, parent, key })} contains ${why}` : null;
  }
  if (item !== null && typeof item === 'object') stack.push({ value: item, depth: parent.depth + 1, parent, key });
  return null;
}

/**
 * Walks a parsed JSON body without recursion (a hostile body may nest thousands of levels)
 * and names the first problem: too deep, or a string or key that may not be stored.
 */
export function findBodyProblem(body: unknown): string | null {
  const root: Visit = { value: body, depth: 0, parent: null, key: '' };
  if (typeof body === 'string') {
    const why = badString(body);
    return why ? `/ contains ${why}` : null;
  }
  const stack: Visit[] = [root];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const value = visit.value;
    if (value === null || typeof value !== 'object') continue;
    if (visit.depth >= MAX_BODY_DEPTH) return `${pathOf(visit)} is nested deeper than ${MAX_BODY_DEPTH} levels`;
    // Strings are checked where they are found; only objects and arrays are visited (most of a body is strings).
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const problem = enter(stack, visit, value[i], String(i));
        if (problem) return problem;
      }
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const why = badString(key);
      if (why) return `a key under ${pathOf(visit)} contains ${why}`;
      const problem = enter(stack, visit, item, key);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Bodies are JSON objects or nothing: only `application/json` is parsed (other types get 415),
 * an absent body reads as `{}` so empty-request calls work from curl, and anything that is not
 * an object, nests too deep or carries unstorable characters is refused before the contract's schema.
 */
export const bodyGuardPlugin = fp(async (app: FastifyInstance) => {
  // Fastify parses text/plain by default; a call taking a string body would only fail later and less clearly.
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config.call) return;
    if (req.body === undefined) {
      req.body = {};
      return;
    }
    if (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
      throw new AppError('malformed_json', 'the body must be a JSON object');
    }
    const problem = findBodyProblem(req.body);
    if (problem) throw new AppError('invalid_input', `invalid body: ${problem}`);
  });
});
