import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import type { Env } from '../env.js';
import type { Deps } from '../lib/deps.js';
import { fromLoopback } from '../lib/loopback.js';
import { METRIC, statusClass } from '../lib/metrics.js';
import { pingDatabase } from '../lib/ping.repository.js';
import { errorEnvelope } from './envelope.js';

/** `instance` on every log line: INSTANCE_ID, else host:pid (unique on one machine and across machines). */
export function instanceId(env: Pick<Env, 'INSTANCE_ID'>): string {
  return env.INSTANCE_ID || `${hostname()}:${process.pid}`;
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a balancer's id may look like; anything else (too long, spaces, quotes) could forge or garble log lines. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The balancer's `x-request-id` when well formed, so one id follows a request through every hop; else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_ID.test(header) ? header : randomUUID();
}

/** Fastify's options for request ids: passed to its constructor, since ids are made before any hook runs. */
export const requestIdOptions = {
  genReqId: (req: IncomingMessage) => requestIdOf(req.headers[REQUEST_ID_HEADER]),
  requestIdHeader: false as const,
};

/**
 * Milliseconds /readyz waits for `select 1` and for PING before it calls the dependency down. A database that is gone
 * refuses at once; a slow answer is the pool queue of a busy instance, which must not read as down (the balancer
 * would shed its learners onto the others until none is left): under the balancer's 5 s check timeout.
 */
const READY_TIMEOUT_MS = 3000;
/** Label of every request no route matched: raw URLs as labels would let a scanner grow /metrics without bound. */
const UNMATCHED = 'unmatched';

/** The balancer probes every second and scrapers every few: their request lines would drown the rest. */
const QUIET = { logLevel: 'warn' as const };

/** Readiness the process controls: shutdown marks it draining so the balancer stops sending before the app closes. */
export class Readiness {
  draining = false;

  drain(): void {
    this.draining = true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function tokenMatches(req: FastifyRequest, token: string | undefined): boolean {
  const header = req.headers.authorization;
  if (!token || typeof header !== 'string') return false;
  const sent = Buffer.from(header.trim());
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

async function readiness(deps: Deps, state: Readiness) {
  const database = await within(pingDatabase(deps.database), READY_TIMEOUT_MS).then(
    () => 'up' as const,
    () => 'down' as const,
  );
  const limiter = deps.limiter.health
    ? await within(deps.limiter.health(), READY_TIMEOUT_MS).catch(() => ({ mode: 'fallback', redis: 'down' }) as const)
    : null;
  // Redis down does not make the instance unready: its throttles fall back (decision 033); the body says so.
  const ready = !state.draining && database === 'up';
  return {
    ready,
    body: {
      ok: ready,
      draining: state.draining,
      database,
      ...(limiter ? { redis: limiter.redis, rate_limiter: limiter.mode } : {}),
    },
  };
}

/**
 * Request ids on every response, per-route request counts and latencies, and the three operator endpoints:
 * `/healthz` (alive), `/readyz` (send traffic here) and `/metrics` (Prometheus text, loopback or METRICS_TOKEN only).
 * Plain routes with no call definition, so the gate (maintenance, versions, tokens) and the envelope leave them be.
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, deps: Deps) => {
  const state = new Readiness();
  app.decorate('readiness', state);
  const { metrics } = deps;

  app.addHook('onRequest', async (req, reply) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const route = req.routeOptions.url ?? UNMATCHED;
    const labels = { method: req.method, route };
    metrics.inc(METRIC.requests, { ...labels, code: statusClass(reply.statusCode) });
    metrics.observe(METRIC.latency, labels, reply.elapsedTime / 1000);
  });

  app.get('/healthz', QUIET, async (_req, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));

  app.get('/readyz', QUIET, async (_req, reply) => {
    const { ready, body } = await readiness(deps, state);
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/metrics', QUIET, async (req, reply) => {
    // Not found, not forbidden: from the internet the endpoint does not exist.
    if (!fromLoopback(req) && !tokenMatches(req, deps.env.METRICS_TOKEN)) {
      return reply.status(404).send(errorEnvelope(new AppError('not_found', 'GET /metrics is not a call')));
    }
    return reply
      .header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
});
