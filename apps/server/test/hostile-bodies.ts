import type { CallDef } from '@gre/contracts';
import fc from 'fast-check';
import { findBodyProblem } from '../src/plugins/body-guard.js';
import { deref, requestJsonSchema, typesOf, type JsonSchema } from './json-schema.js';

/** A request body as sent on the wire, with a label fast-check prints when a run fails. */
export interface HostileBody {
  label: string;
  payload: string;
}

/** Longest valid string or array the generators build; bigger bounds are reached only by the oversize cases. */
const CAP = 40;

/** Values that fit the node: the base every single-field mutation starts from. */
export function validValue(raw: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> {
  const node = deref(raw, root);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => validValue(b, root)));
  const type = typesOf(node)[0];
  switch (type) {
    case 'string': {
      const min = node.minLength ?? 0;
      const max = Math.min(node.maxLength ?? CAP, Math.max(CAP, min));
      if (node.pattern)
        return fc
          .stringMatching(new RegExp(node.pattern))
          .filter((s) => s.length >= min && s.length <= (node.maxLength ?? Infinity));
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : -1_000_000);
      const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : 1_000_000);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = node.items ? validValue(node.items, root) : fc.constant(null);
      return fc.array(item, { minLength: node.minItems ?? 0, maxLength: Math.min(node.maxItems ?? CAP, 5) });
    }
    case 'object': {
      const props = Object.entries(node.properties ?? {});
      const model = Object.fromEntries(props.map(([k, v]) => [k, validValue(v, root)]));
      return fc.record(model, { requiredKeys: node.required ?? [] });
    }
    default:
      return fc.constant(null);
  }
}

/** JSON values of every type, to put where a field expects another. */
const anyJson = {
  string: fc.string({ maxLength: 10 }),
  number: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1.5, -1, 0, 1e300, -0)),
  integer: fc.oneof(fc.integer(), fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -(2 ** 60))),
  boolean: fc.boolean(),
  null: fc.constant(null),
  array: fc.array(fc.integer(), { maxLength: 3 }),
  object: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
};

/** JSON types a node accepts (a union accepts the types of its branches). */
function acceptedTypes(raw: JsonSchema, root: JsonSchema): Set<string> {
  const node = deref(raw, root);
  const out = new Set<string>(typesOf(node));
  if (node.enum) node.enum.forEach((v) => out.add(v === null ? 'null' : typeof v));
  if (node.const !== undefined) out.add(node.const === null ? 'null' : typeof node.const);
  for (const b of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) acceptedTypes(b, root).forEach((t) => out.add(t));
  if (out.has('integer')) out.add('number');
  return out;
}

/** A value whose JSON type the field does not accept (a fraction for an integer counts as wrong). */
function wrongType(node: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> {
  const accepted = acceptedTypes(node, root);
  const wrong = Object.entries(anyJson)
    .filter(([type]) => !accepted.has(type))
    .map(([, arb]) => arb);
  if (typesOf(deref(node, root)).includes('integer')) wrong.push(fc.constantFrom(1.5, 0.1, -2.25));
  return wrong.length > 0 ? fc.oneof(...wrong) : fc.constant(Symbol.for('none'));
}

/** A value just or far past the field's bound: too long, too many items, out of range, or off-pattern. */
function pastBound(raw: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> {
  const node = deref(raw, root);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => pastBound(b, root)));
  const type = typesOf(node)[0];
  if (type === 'string') {
    const base = node.maxLength ?? 254;
    const just = fc.integer({ min: base + 1, max: base + 40 }).map((n) => '好'.repeat(n));
    const far = fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'a'.repeat(n));
    const offPattern = node.pattern ? fc.stringMatching(new RegExp(node.pattern)).map((s) => `${s} `) : just;
    return fc.oneof(just, far, offPattern);
  }
  if (type === 'array') {
    const item = node.items ? validValue(node.items, root) : fc.constant(1);
    const max = node.maxItems ?? 1000;
    return fc
      .tuple(item, fc.integer({ min: max + 1, max: max + 300 }))
      .map(([v, n]) => Array.from({ length: n }, () => v));
  }
  if (type === 'integer' || type === 'number') {
    const above =
      node.maximum !== undefined
        ? fc.integer({ min: 1, max: 1000 }).map((d) => node.maximum! + d)
        : fc.constant(2 ** 80);
    const low = node.minimum ?? node.exclusiveMinimum;
    const below =
      low !== undefined
        ? fc.integer({ min: 0, max: 1000 }).map((d) => low - d - (node.minimum !== undefined ? 1 : 0))
        : fc.constant(-(2 ** 80));
    return fc.oneof(above, below);
  }
  return wrongType(node, root);
}

/** Characters no request may carry: NUL and other C0 controls, DEL, unpaired surrogates. */
const forbiddenChar = fc.oneof(
  fc
    .integer({ min: 0, max: 0x1f })
    .filter((c) => c !== 9 && c !== 10 && c !== 13)
    .map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u007f', '\ud800', '\udbff', '\udc00', '\udfff'),
);

/** Exotic but well-formed text (any plane, combining marks, RTL, emoji) with one forbidden character spliced in. */
const taintedText = fc
  .tuple(fc.string({ unit: 'binary', maxLength: 20 }), forbiddenChar, fc.string({ unit: 'grapheme', maxLength: 10 }))
  .map(([a, bad, b]) => a + bad + b);

/** Builds `{"key": <depth levels of nesting>}` as text: deeper than JSON.stringify would survive. */
function nestedPayload(key: string, depth: number, kind: 'array' | 'object'): string {
  const [open, close] = kind === 'array' ? ['[', ']'] : ['{"n":', '}'];
  return `{${JSON.stringify(key)}:${open.repeat(depth)}1${close.repeat(depth)}}`;
}

/** fast-check prints a failing case with this: the label and the start of a payload that may be 200 kB. */
function hostile(label: string, payload: string): HostileBody {
  return {
    label,
    payload,
    [fc.toStringMethod]: () => `${label}: ${payload.slice(0, 300)}${payload.length > 300 ? '…' : ''}`,
  } as HostileBody;
}

const asBody =
  (label: string) =>
  (value: unknown): HostileBody =>
    hostile(label, JSON.stringify(value));

/**
 * Bodies a call must refuse, derived from its request schema so a call added later is covered too:
 * wrong types, missing and unknown fields, values past their bounds, non-objects, deep nesting,
 * forbidden characters and truncated JSON. Every case is invalid by construction.
 */
export function hostileBody(call: CallDef): fc.Arbitrary<HostileBody> {
  const root = requestJsonSchema(call);
  const props = Object.entries(root.properties ?? {});
  const required = root.required ?? [];
  const base = (validValue(root, root) as fc.Arbitrary<Record<string, unknown>>).filter(
    (b) => call.request.safeParse(b).success,
  );
  const field = props.length > 0 ? fc.constantFrom(...props) : null;
  const strings = props.filter(([, v]) => acceptedTypes(v, root).has('string'));
  const extraKey = fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((k) => !(k in (root.properties ?? {})) && k !== '__proto__');

  const cases: fc.Arbitrary<HostileBody>[] = [
    fc
      .tuple(base, extraKey, fc.oneof(...Object.values(anyJson)))
      .map(([b, k, v]) => asBody(`unknown field ${k}`)({ ...b, [k]: v })),
    fc
      .oneof(
        anyJson.string,
        anyJson.number,
        anyJson.boolean,
        anyJson.null,
        anyJson.array,
        fc.array(base, { minLength: 1, maxLength: 2 }),
      )
      .map(asBody('not an object')),
    fc.tuple(base, fc.integer({ min: 1, max: 200 })).map(([b, cut]) => {
      const text = JSON.stringify(b);
      return hostile('truncated JSON', text.slice(0, Math.max(0, text.length - cut)));
    }),
    fc
      .tuple(
        fc.constantFrom(...props.map(([k]) => k), 'extra'),
        fc.integer({ min: 33, max: 5000 }),
        fc.constantFrom('array' as const, 'object' as const),
      )
      .map(([k, depth, kind]) => hostile(`nested ${depth} ${kind}s under ${k}`, nestedPayload(k, depth, kind))),
  ];
  if (field) {
    cases.push(
      fc
        .tuple(base, field)
        .chain(([b, [k, v]]) => wrongType(v, root).map((w) => asBody(`wrong type for ${k}`)({ ...b, [k]: w }))),
      fc
        .tuple(base, field)
        .chain(([b, [k, v]]) => pastBound(v, root).map((w) => asBody(`${k} past its bound`)({ ...b, [k]: w }))),
    );
  }
  if (required.length > 0) {
    cases.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([b, k]) => {
        const { [k]: _dropped, ...rest } = b;
        return asBody(`missing ${k}`)(rest);
      }),
    );
  }
  if (strings.length > 0) {
    cases.push(
      fc
        .tuple(base, fc.constantFrom(...strings), taintedText)
        .map(([b, [k], text]) => asBody(`forbidden character in ${k}`)({ ...b, [k]: text })),
    );
  } else {
    cases.push(taintedText.map((text) => asBody('forbidden character in an unknown key')({ [text]: 1 })));
  }
  return fc.oneof(...cases);
}

/** True when the server must refuse the payload: not JSON, not an object, fails the schema, or fails the body guard. */
export function mustBeRefused(call: CallDef, payload: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return true;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  return !call.request.safeParse(body).success || findBodyProblem(body) !== null;
}
