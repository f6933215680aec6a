import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of every response; decision 014 says why each allowance is there. No
 * `upgrade-insecure-requests`: the app is served over plain http (localhost, a school's LAN address), where it would
 * rewrite the page's own script and call addresses to https and break it.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // The build is module scripts from /assets only: no inline script, no eval (zod runs jitless, src/zod-jitless.ts).
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd's CSS-in-JS inserts <style> elements at run time and KaTeX's markup carries style attributes; a nonce would
  // need index.html templated per response, and would still not cover the attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: question figures (SVG through <img>).
  'img-src': ["'self'", 'data:'],
  // data: KaTeX's smallest fonts, inlined into its stylesheet by the build.
  'font-src': ["'self'", 'data:'],
  // Videos stream from /media/video/:id with ranges.
  'media-src': ["'self'"],
  // Only our own API: an injected script cannot send what it reads anywhere else.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The header value, as helmet writes it. */
export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

/**
 * Every header the plugin sends: what helmet writes with HELMET_OPTIONS (the test holds the two equal), written once
 * here rather than by @fastify/helmet, which builds helmet's middleware again for every request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The helmet configuration SECURITY_HEADERS spells out (the test asks helmet for its headers with it). */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
} as const;

const HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Security headers on every response: the SPA, its static files, the media files and every API envelope, errors
 * included. Registered before every other plugin, so its onRequest hook runs before the gate can refuse a request;
 * set on the raw response, so a hijacked reply (a stream) has them too. No Strict-Transport-Security: over plain
 * http a browser ignores it, and HSTS belongs to the TLS-terminating proxy that knows the real host names
 * (decision 014).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (_req, reply, done) => {
      for (const [name, value] of HEADER_ENTRIES) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

/**
 * Wraps Fastify's `frameworkErrors` handler: a URL that does not decode is answered before routing, where no hook
 * runs, so that answer gets the same headers here.
 */
export function withSecurityHeaders<E, Q>(
  handler: (error: E, req: Q, reply: FastifyReply) => unknown,
): (error: E, req: Q, reply: FastifyReply) => unknown {
  return (error, req, reply) => {
    void reply.headers(SECURITY_HEADERS);
    return handler(error, req, reply);
  };
}
