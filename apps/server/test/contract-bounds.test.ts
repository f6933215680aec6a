import { allCalls, arr, emptySchema, str } from '@gre/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deref, patternIsBounded, requestJsonSchema, typesOf, type JsonSchema } from './json-schema.js';

/**
 * Every way a request schema lets unbounded input in: a string with no length bound, an array with
 * no `maxItems`, an object that accepts unknown keys, or a node that accepts anything at all.
 */
function unboundedParts(schema: JsonSchema): string[] {
  const problems: string[] = [];
  const walk = (raw: JsonSchema, path: string, seen: Set<JsonSchema>) => {
    const node = deref(raw, schema);
    if (seen.has(node)) return;
    const next = new Set(seen).add(node);
    const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])];
    branches.forEach((b, i) => walk(b, `${path}|${i}`, next));
    if (node.enum !== undefined || node.const !== undefined) return;
    const types = typesOf(node);
    if (types.length === 0 && branches.length === 0) problems.push(`${path}: accepts any value`);
    for (const type of types) {
      if (type === 'string') {
        const bounded = node.maxLength !== undefined || (node.pattern !== undefined && patternIsBounded(node.pattern));
        if (!bounded) problems.push(`${path}: string without maxLength or a bounded pattern`);
      } else if (type === 'array') {
        if (node.maxItems === undefined && node.items !== false) problems.push(`${path}: array without maxItems`);
        node.prefixItems?.forEach((p, i) => walk(p, `${path}/${i}`, next));
        if (node.items) walk(node.items, `${path}/*`, next);
      } else if (type === 'object') {
        if (node.additionalProperties !== false) problems.push(`${path}: object accepts unknown keys`);
        for (const [key, prop] of Object.entries(node.properties ?? {})) walk(prop, `${path}/${key}`, next);
      }
    }
  };
  walk(schema, '', new Set());
  return problems;
}

describe('request bounds', () => {
  it.each(allCalls.map((c) => [c.path, c] as const))(
    '%s: every string and array is bounded, every object strict',
    (_path, call) => {
      expect(unboundedParts(requestJsonSchema(call))).toEqual([]);
    },
  );

  it('the check catches what a careless contract would add', () => {
    const careless: [string, z.ZodType][] = [
      ['plain string', z.strictObject({ a: z.string() })],
      ['string with a min only', z.strictObject({ a: z.string().min(1) })],
      ['open-ended regex', z.strictObject({ a: z.string().regex(/^a+$/) })],
      ['unanchored regex', z.strictObject({ a: z.string().regex(/\d{3}/) })],
      ['alternation escaping anchors', z.strictObject({ a: z.string().regex(/^a|b$/) })],
      ['open quantifier', z.strictObject({ a: z.string().regex(/^a{2,}$/) })],
      ['unbounded array', z.strictObject({ a: z.array(z.number()) })],
      ['bounded array of unbounded strings', z.strictObject({ a: arr(z.string(), 5) })],
      ['loose object', z.object({ a: str(5) })],
      ['loose nested object', z.strictObject({ a: z.object({ b: str(5) }) })],
      ['record', z.strictObject({ a: z.record(z.string(), z.number()) })],
      ['any', z.strictObject({ a: z.any() })],
      ['unknown', z.strictObject({ a: z.unknown() })],
      ['union with an unbounded branch', z.strictObject({ a: z.union([str(5), z.string()]) })],
      ['optional unbounded', z.strictObject({ a: z.string().optional() })],
      ['nullable unbounded', z.strictObject({ a: z.string().nullable() })],
    ];
    for (const [name, request] of careless) {
      expect(unboundedParts(requestJsonSchema({ request })), name).not.toEqual([]);
    }
  });

  it('the check accepts the bounded forms the contracts use', () => {
    const fine = z.strictObject({
      a: str(10),
      b: z.string().regex(/^\d{6}$/),
      c: z.enum(['x', 'y']),
      d: arr(z.number().int(), 3),
      e: z.strictObject({ f: z.boolean(), g: z.literal('k') }),
      h: z.union([z.string().regex(/^1\d{10}$/), z.email().max(254)]),
      i: str(5).nullable().optional(),
    });
    expect(unboundedParts(requestJsonSchema({ request: fine }))).toEqual([]);
    expect(unboundedParts(requestJsonSchema({ request: emptySchema }))).toEqual([]);
  });

  it('bounded patterns are told apart from open ones', () => {
    expect(patternIsBounded('^1\\d{10}$')).toBe(true);
    expect(patternIsBounded('^[a-z+*]{1,5}$')).toBe(true);
    expect(patternIsBounded('^(a|b){2}$')).toBe(true);
    expect(patternIsBounded('^\\d+$')).toBe(false);
    expect(patternIsBounded('^a\\$')).toBe(false);
    expect(patternIsBounded('^(a|b)*$')).toBe(false);
  });
});
