import { defineCall, emptySchema } from '@gre/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCall } from '../src/lib/register-call.js';

/** Test-only calls: never in `allCalls`, registered through `beforeReady` by the tests that need them. */
export const testCalls = {
  /** A plain logged-in call that touches nothing but the gate: the cost of authentication alone. */
  whoami: defineCall({
    path: '/api/test/whoami',
    auth: 'user',
    summary: 'test only: the caller id',
    request: emptySchema,
    response: z.object({ user_id: z.number().int(), session_id: z.number().int() }),
  }),
  /** A handler that fails the way a bug does, to prove a 500 leaks nothing. */
  crash: defineCall({
    path: '/api/test/crash',
    auth: 'public',
    summary: 'test only: throws a plain Error',
    request: emptySchema,
    response: z.object({}),
  }),
};

/** Message of the crash route's error; the tests check that it never reaches the client. */
export const CRASH_MESSAGE = 'secret detail: password=hunter2 at db.users';

export function registerTestCalls(app: FastifyInstance): void {
  registerCall(app, testCalls.whoami, async ({ actor }) => ({ user_id: actor!.user.id, session_id: actor!.sessionId }));
  registerCall(app, testCalls.crash, async () => {
    throw new Error(CRASH_MESSAGE);
  });
}
