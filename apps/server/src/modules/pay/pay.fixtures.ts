import { tradeEvents, trades, users } from '@gre/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createPayProvider } from '../../adapters/pay/index.js';
import type { Deps } from '../../lib/deps.js';

/**
 * A fetch that delivers to this app through `inject` — the sandbox gateway's notifications reach the same
 * /pay/notify route a real gateway's do, with no listening socket.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode });
  };
}

/** The createTestApp `beforeReady` hook that routes the sandbox gateway's notifications into the app. */
export function sandboxThroughInject(app: FastifyInstance, deps: Deps): void {
  deps.pay = createPayProvider(deps.env, deps.database, deps.clock, { sandboxFetch: injectFetch(app) });
}

/** A trade row as stored. */
export async function tradeRow(deps: Deps, id: number) {
  const [row] = await deps.database.db.select().from(trades).where(eq(trades.id, id));
  return row!;
}

/** The trade's history, oldest first. */
export async function tradeHistory(deps: Deps, id: number) {
  return deps.database.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, id)).orderBy(asc(tradeEvents.id));
}

export async function userRow(deps: Deps, id: number) {
  const [row] = await deps.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}
