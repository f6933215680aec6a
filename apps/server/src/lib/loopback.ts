import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.js';

/** 127.0.0.0/8, ::1 and the IPv4-mapped form of either; `localhost` for host names. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (a === 'localhost' || a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Where the server listens: `HOST` when set; otherwise every interface in production (behind its load balancer) and
 * only this machine elsewhere, so a laptop's `npm start` with its demo accounts is not open to the café's network.
 */
export function listenHost(env: Pick<Env, 'HOST' | 'NODE_ENV'>): string {
  return env.HOST || (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
}

/** Addresses a proxy says the request came from (X-Forwarded-For, X-Real-IP, Forwarded: for=…). */
function forwardedAddresses(req: FastifyRequest): string[] {
  const out: string[] = [];
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : (v ?? null);
  };
  const xff = header('x-forwarded-for');
  if (xff !== null) out.push(...xff.split(','));
  const real = header('x-real-ip');
  if (real !== null) out.push(real);
  const forwarded = header('forwarded');
  if (forwarded !== null) {
    const found = [...forwarded.matchAll(/for=("?)\[?([^\]";,\s]*)/gi)].map((m) => m[2] ?? '');
    // A Forwarded header whose `for` we cannot read counts as from elsewhere.
    out.push(...(found.length > 0 ? found : ['unknown']));
  }
  return out.map((s) => s.trim().replace(/:\d+$/, (port) => (s.includes('.') ? '' : port)));
}

/**
 * The request comes from this machine: the socket is loopback and no proxy on it names another client. Only this
 * sees the sent codes on /debug; the X-Forwarded-For that TRUST_PROXY believes for rate limits is not trusted here.
 */
export function fromLoopback(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return forwardedAddresses(req).every((a) => isLoopbackAddress(a));
}
