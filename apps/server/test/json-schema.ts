import type { CallDef } from '@gre/contracts';
import { z } from 'zod';

/** The part of JSON Schema that `z.toJSONSchema` writes for request bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
}

/** The request body of a call as the client must send it (input side of any transform). */
export function requestJsonSchema(call: Pick<CallDef, 'request'>): JsonSchema {
  return z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Follows a local `#/$defs/...` reference (zod writes them for recursive or shared schemas). */
export function deref(node: JsonSchema, root: JsonSchema): JsonSchema {
  let current = node;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const name = current.$ref.replace(/^#\/\$defs\//, '');
    const target = root.$defs?.[name];
    if (!target) return {};
    current = target;
  }
  return current;
}

export function typesOf(node: JsonSchema): string[] {
  if (node.type === undefined) return [];
  return Array.isArray(node.type) ? node.type : [node.type];
}

/**
 * True when a regular expression can only match strings of bounded length: anchored at both ends,
 * no `*`, `+` or open `{n,}` quantifier, and no top-level alternation escaping the anchors.
 */
export function patternIsBounded(pattern: string): boolean {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < pattern.length - 1; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '*' || c === '+') return false;
    else if (c === '|' && depth === 0) return false;
    else if (c === '{' && /^\{\d+,\}/.test(pattern.slice(i))) return false;
  }
  return true;
}
