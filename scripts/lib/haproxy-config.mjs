// The HAProxy configuration of `npm run cluster` (scripts/cluster.mjs); docs/deploy.md explains each choice and
// decision 034 why HAProxy and why no sticky sessions.

/** The largest body any call accepts (content import: CONTENT_BODY_MAX_BYTES, 24 MiB) plus headroom; the app checks each call's own limit. */
const BODY_MAX_BYTES = 25 * 1024 * 1024;

/**
 * HAProxy's own answer when no instance is ready (every /readyz says 503: the database is down, all are draining):
 * the app's envelope with the retryable `server_upgrading`, so a client reads it as it reads the app's, not an HTML page.
 */
export const NO_SERVER_503 = [
  'HTTP/1.1 503 Service Unavailable',
  'Content-Type: application/json; charset=utf-8',
  'Cache-Control: no-store',
  'Retry-After: 5',
  'Connection: close',
  '',
  JSON.stringify({
    ok: false,
    data: null,
    err_data: { kind: 'server_upgrading', show: '', detail: 'no instance is ready; try again in a few seconds' },
  }),
  '',
].join('\r\n');

/**
 * @param {{ port: number, statsPort: number, instances: { id: string, port: number }[], readyz?: boolean,
 *   bind?: string, errorfile503?: string }} options `readyz: false` health-checks plain TCP (a build older than GET
 *   /readyz); `errorfile503`: a file holding NO_SERVER_503.
 */
export function renderHaproxyConfig({ port, statsPort, instances, readyz = true, bind = '127.0.0.1', errorfile503 }) {
  // A connection refused by real traffic (kill -9) marks the instance down at once; the probe itself is patient: an
  // instance busy under load answers /readyz late, and calling it down then would shed its learners onto the others
  // until none is left.
  const servers = instances
    .map(
      (i) =>
        `    server ${i.id} 127.0.0.1:${i.port} check inter 1s fall 3 rise 2 observe layer4 error-limit 1 on-error mark-down maxconn 200`,
    )
    .join('\n');
  const check = readyz
    ? `    option httpchk
    http-check send meth GET uri /readyz
    http-check expect status 200`
    : '    # This build has no GET /readyz: a TCP connect is the health check.';
  return `# Written by scripts/cluster.mjs on every start; edits here are lost. See docs/deploy.md.
global
    log stdout format raw local0 info
    # Each connection takes two descriptors (client and app side); machines often cap a process at 20 000.
    maxconn 4000

defaults
    mode http
    log global
    option httplog
    option dontlognull
    timeout connect 2s
    # Headers must arrive quickly; a kept-alive connection idles at most 15 s.
    timeout http-request 10s
    timeout http-keep-alive 15s
    timeout queue 10s
    # The assistant's server-sent events (/api/assistant/ask) can be silent while the model thinks, up to
    # ASSISTANT_MODEL_TIMEOUT_MS (at most 10 min): both sides of that one call may wait that long.
    timeout client 11m
    timeout server 60s
    timeout check 5s
${errorfile503 ? `    errorfile 503 ${errorfile503}\n` : ''}
frontend www
    bind ${bind}:${port}
    # Every request gets an id the instances log (x-request-id); a caller's own id is kept. Letters, digits and _
    # only: the app takes an id matching [A-Za-z0-9._-]{1,64} and replaces anything else.
    unique-id-format %{+X}o%ci%cp_%fp%Ts_%rt_%pid
    http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m found }
    # The app's largest call takes 24 MiB; refuse more here before it crosses the network.
    http-request deny deny_status 413 if { req.hdr_val(content-length) gt ${BODY_MAX_BYTES} }
    option forwardfor
    default_backend app

backend app
    # No cookie, no stickiness: sessions, throttles and settings live in PostgreSQL and Redis (decision 034).
    balance roundrobin
${check}
    # Retry elsewhere only when the request never reached an app: a refused or failed connection. A GET (the web
    # build, /readyz) is also retried on an empty answer; a POST (every API call) that may have reached an app that
    # then died is never replayed, so no change is applied twice.
    retries 2
    option redispatch 1
    retry-on conn-failure empty-response
    http-request disable-l7-retry unless METH_GET || METH_HEAD
    http-request set-timeout server 11m if { path /api/assistant/ask }
${servers}

listen stats
    bind ${bind}:${statsPort}
    stats enable
    stats uri /stats
    stats refresh 2s
    stats show-legends
`;
}
