import { AppError } from '../lib/app-error.js';

/** node-postgres and Node socket errors that mean the server went away, not that the statement was wrong. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** admin_shutdown, crash_shutdown, cannot_connect_now: a restart or a failover. */
const SHUTDOWN_STATES = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Cannot use a pool after calling end on the pool/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

function causes(error: unknown): unknown[] {
  // Drizzle wraps a driver's error in its own (`cause`); pg-boss and Promise.any give AggregateErrors.
  const seen: unknown[] = [];
  const queue = [error];
  while (queue.length && seen.length < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.includes(e)) continue;
    seen.push(e);
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return seen;
}

export type Outage = 'database_unreachable' | 'disk_full';

/**
 * Which outage an error reports, if any — the database unreachable (a restart) or its disk full — with the driver's
 * own code and message: never drizzle's wrapper, whose message carries the statement's parameter values.
 */
export function findOutage(error: unknown): { outage: Outage; code: string; message: string } | null {
  for (const e of causes(error)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    const found = kindOf(code, message);
    if (found)
      return {
        outage: found,
        code: typeof code === 'string' ? code : '',
        message: typeof message === 'string' ? message : '',
      };
  }
  return null;
}

export function outageOf(error: unknown): Outage | null {
  return findOutage(error)?.outage ?? null;
}

function kindOf(code: unknown, message: unknown): Outage | null {
  // 53100 disk_full on PostgreSQL, and on PGlite when DATA_DIR fills ("could not extend file"); ENOSPC from Node.
  if (code === 'ENOSPC' || code === '53100') return 'disk_full';
  if (typeof message === 'string' && /ENOSPC|no space left on device/i.test(message)) return 'disk_full';
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || SHUTDOWN_STATES.has(code) || code.startsWith('08')))
    return 'database_unreachable';
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => m.test(message))) return 'database_unreachable';
  return null;
}

/**
 * The retryable answer to an outage: `server_upgrading` (503), the catalogue's one kind for "the service is not there
 * right now, try again" (`pay_unavailable` is the gateway's). Nothing of the driver's message reaches the body.
 */
export function outageError(outage: Outage): AppError {
  return outage === 'disk_full'
    ? new AppError('server_upgrading', 'the server cannot save right now (its disk is full); try again later')
    : new AppError('server_upgrading', 'the database is briefly unavailable; try again in a few seconds');
}
