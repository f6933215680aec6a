import { AppError } from '../../lib/app-error.js';
import { effectiveRole, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { touchSession } from './sessions.repository.js';

/** Only refresh `last_seen_at` this often, so most authenticated reads stay a single query. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The gate's authentication: session and user in one query (shared with concurrent requests, `deps.fast.sessions`);
 * `last_seen_at` written at most once a minute.
 */
export async function actorFromToken(deps: Deps, token: string): Promise<Actor> {
  const found = await deps.fast.sessions.find(token);
  if (!found || found.session.revokedAt) throw new AppError('unauthorized', 'unknown or revoked token');
  const at = deps.clock.now();
  const now = at.getTime();
  const idleMs = deps.env.SESSION_IDLE_DAYS * 86_400_000;
  if (found.session.expiresAt.getTime() <= now || found.session.lastSeenAt.getTime() + idleMs <= now) {
    throw new AppError('token_expired', 'session expired');
  }
  if (now - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await touchSession(deps.database.db, found.session.id, at);
  return {
    user: found.user,
    sessionId: found.session.id,
    deviceId: found.session.deviceId,
    role: effectiveRole(found.user, at),
    // This request counts as a use, so the idle window runs from now.
    sessionEndsAt: new Date(Math.min(found.session.expiresAt.getTime(), now + idleMs)),
  };
}
