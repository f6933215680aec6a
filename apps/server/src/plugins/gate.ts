import { API_VERSION, HEADERS, LIMITS, type CallDef } from '@gre/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { recordGateRefusal } from '../lib/audit.js';
import { authorize, isStaff, requirementFor, type Actor } from '../lib/authorize.js';
import type { Deps } from '../lib/deps.js';
import { actorFromToken } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    deviceId: string;
  }
  interface FastifyContextConfig {
    call?: CallDef;
  }
}

/**
 * Tokens are 43-character base64url; the bounds only keep junk away from the hash and the query.
 * The scheme is matched as the web client writes it, the same way resume_login reads it back.
 */
const BEARER = /^Bearer +([A-Za-z0-9_-]{20,128})$/;
/** A version is a plain decimal integer; `0x2`, `1e3` or `2.0` are not versions. */
const VERSION = /^\d{1,9}$/;

function bearer(req: FastifyRequest): string | null {
  const h = req.headers[HEADERS.authorization];
  if (typeof h !== 'string') return null;
  return BEARER.exec(h.trim())?.[1] ?? null;
}

/**
 * Runs before the body is parsed, in the order the client's catalogue expects:
 * client too old → maintenance → authentication and staff checks.
 */
export const gatePlugin = fp(async (app: FastifyInstance, deps: Deps) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('deviceId', '');
  app.addHook('onRequest', async (req) => {
    const call = req.routeOptions.config.call;
    if (!call) return;
    const device = req.headers[HEADERS.deviceId];
    req.deviceId = typeof device === 'string' ? device.slice(0, LIMITS.deviceId) : '';

    const site = await deps.settings.get();
    const rawVersion = req.headers[HEADERS.apiVersion];
    // Tools without the header (curl, the OpenAPI viewer) are served; only a client that says it is old is refused.
    if (rawVersion !== undefined) {
      const version = typeof rawVersion === 'string' && VERSION.test(rawVersion.trim()) ? Number(rawVersion) : -1;
      if (version < site.min_api_version || version < 0) {
        const sent = String(rawVersion).slice(0, 20);
        throw new AppError(
          'api_version_low',
          `client API version "${sent}" is not an integer ≥ ${site.min_api_version}; this server speaks ${API_VERSION}`,
        );
      }
    }
    const token = bearer(req);
    // Resolved at most once per request: the maintenance check and authentication share it.
    let resolved: Promise<Actor> | undefined;
    const actorOf = (t: string) => (resolved ??= actorFromToken(deps, t));
    if (site.maintenance && !call.duringMaintenance) {
      // Staff keep working through maintenance (an admin must be able to turn it off); a stale or learner token reads as closed.
      const staff = token
        ? await actorOf(token).then(
            (a) => !a.user.isFreeze && isStaff(a),
            () => false,
          )
        : false;
      if (!staff) throw new AppError('server_upgrading', 'maintenance in progress');
    }

    const requirement = requirementFor(call.auth);
    if (!requirement) {
      // Public calls read a valid token when present but never fail on a stale one; a frozen
      // account is treated as logged out so no public handler can serve it by mistake.
      if (token) {
        const actor = await actorOf(token).catch(() => null);
        req.actor = actor && !actor.user.isFreeze ? { ...actor, ip: req.ip } : null;
      }
      return;
    }
    if (!token) throw new AppError('unauthorized', 'missing or malformed bearer token');
    const actor = { ...(await actorOf(token)), ip: req.ip };
    try {
      req.actor = authorize(actor, requirement);
    } catch (error) {
      await recordGateRefusal(deps, call, actor, error);
      throw error;
    }
  });
});
