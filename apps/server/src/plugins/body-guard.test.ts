import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { badString, findBodyProblem, MAX_BODY_DEPTH } from './body-guard.js';

/** Text a person can type: any well-formed Unicode, with tab, CR and LF the only controls. */
const typed = fc.string({ unit: 'binary', maxLength: 30 }).map((s) =>
  Array.from(s)
    .filter((c) => badString(c) === null)
    .join(''),
);
const forbidden = fc.oneof(
  fc
    .integer({ min: 0, max: 0x1f })
    .filter((c) => ![9, 10, 13].includes(c))
    .map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u007f', '\ud800', '\udbff', '\udc00', '\udfff'),
);
const shallowJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    typed,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(typed, tie('value'), { maxKeys: 4 }),
})).value;

function nest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { n: v };
  return v;
}

describe('body guard', () => {
  it('lets through every JSON value of typed text within the depth limit', () => {
    fc.assert(
      fc.property(shallowJson, (body) => {
        expect(findBodyProblem(body)).toBeNull();
      }),
    );
  });

  it('finds a forbidden character wherever it sits, in a value or a key', () => {
    fc.assert(
      fc.property(shallowJson, typed, forbidden, typed, fc.boolean(), (body, before, bad, after, asKey) => {
        const text = before + bad + after;
        const tainted = asKey ? { wrap: body, [text]: 1 } : { wrap: body, list: [0, { deep: text }] };
        expect(findBodyProblem(tainted)).toMatch(/control character|unpaired surrogate/);
        expect(badString(text)).not.toBeNull();
      }),
    );
  });

  it('keeps paired surrogates (emoji, rare CJK) and tab, CR, LF', () => {
    for (const s of ['😀', '𠮷野家', 'a\tb\r\nc', 'e\u0301', '\u200b']) expect(badString(s)).toBeNull();
  });

  it('refuses nesting past the limit without recursion, however deep', () => {
    expect(findBodyProblem({ a: nest(MAX_BODY_DEPTH - 2) })).toBeNull();
    expect(findBodyProblem({ a: nest(MAX_BODY_DEPTH) })).toMatch(/nested deeper/);
    expect(findBodyProblem(nest(200_000))).toMatch(/nested deeper/);
  });
});
