import {
  ERROR_KINDS,
  type CallDef,
  type CallRequest,
  type CallResponse,
  type ErrorKind,
  type QuotaRefusal,
} from '@gre/contracts';
import type { z } from 'zod';
import { afterEach, vi } from 'vitest';

/** An error a fake answers: the kind, the text to show, and a quota refusal's figures as the server sends them. */
type FakeError = { kind: ErrorKind; show?: string; detail?: string; quota?: QuotaRefusal };

/**
 * What a fake answers: the call's data as its contract types it, or one of the contract's error kinds (sent with the
 * HTTP status ERROR_KINDS fixes for it, as the server does).
 */
export type FakeReply<C extends CallDef> = { data: CallResponse<C> } | FakeError;

type AnyReply = { data: unknown } | FakeError;

/** One call's fake: made by `fake()`, so the handler is typed by that call's contract. */
export interface FakeRoute {
  readonly call: CallDef;
  readonly reply: (body: unknown) => AnyReply;
}

/** A fake for `call`: `body` is what the page sent (typed as the call's request), the answer is the call's response. */
export function fake<C extends CallDef>(call: C, reply: (body: CallRequest<C>) => FakeReply<C>): FakeRoute {
  return { call, reply: reply as (body: unknown) => AnyReply };
}

/** Where the fakes and the page strayed from the contracts during the running test. */
const strays: string[] = [];

// The page sees a drifted answer as the fixture wrote it, so the test runs on as before; the drift is reported here,
// after the test, with the call and the schema's own words. (Testing Library registers its cleanup the same way.)
afterEach(() => {
  const found = strays.splice(0);
  if (found.length > 0)
    throw new Error(`fakeServer: answers or requests outside the contract (packages/contracts)\n${found.join('\n')}`);
});

function issues(error: z.ZodError): string {
  const lines = error.issues
    .slice(0, 8)
    .map((i) => `    ${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`);
  if (error.issues.length > lines.length) lines.push(`    … and ${error.issues.length - lines.length} more`);
  return lines.join('\n');
}

const envelope = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/**
 * Stubs fetch with the given fakes, one per call (a later fake for the same call replaces an earlier one), answering
 * in the envelope; a call without a fake answers 404 not_found. Each answer is checked against its call's response
 * schema and each request body against its request schema: a fake that drifts from the contract fails the test.
 */
/** The text of a request body the client sent: it always sends JSON as a string, so any other body is a broken test. */
export function sentText(init: RequestInit): string {
  if (typeof init.body !== 'string') throw new Error(`the client sent a ${typeof init.body} body, not a JSON string`);
  return init.body;
}

/** A request body the client sent, parsed; a test narrows it (or its request schema does) before reading fields. */
export const sentBody = (init: RequestInit): unknown => JSON.parse(sentText(init));

export function fakeServer(...routes: FakeRoute[]) {
  const byPath = new Map<string, FakeRoute>(routes.map((r) => [r.call.path, r]));
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const route = byPath.get(url);
    if (!route)
      return envelope(ERROR_KINDS.not_found, {
        ok: false,
        data: null,
        err_data: { kind: 'not_found', show: '', detail: 'not_found' },
      });
    const body = sentBody(init);
    const sent = route.call.request.safeParse(body);
    if (!sent.success) strays.push(`  ${url}: the page sent a body its request schema refuses\n${issues(sent.error)}`);
    const out = route.reply(body);
    if ('kind' in out) {
      return envelope(ERROR_KINDS[out.kind], {
        ok: false,
        data: null,
        err_data: {
          kind: out.kind,
          show: out.show ?? '',
          detail: out.detail ?? out.kind,
          ...(out.quota ? { quota: out.quota } : {}),
        },
      });
    }
    const answer = route.call.response.safeParse(out.data);
    if (!answer.success)
      strays.push(`  ${url}: the fake's answer does not match its response schema\n${issues(answer.error)}`);
    // As the server does, which sends its handler's result through the response schema (unknown keys dropped).
    return envelope(200, { ok: true, data: answer.success ? answer.data : out.data, err_data: null });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
