import { ERROR_KINDS } from '@gre/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';
import { findOutage, outageError } from './outage.js';

/** Maps what Fastify throws (parsing, limits, schema validation) to a kind; anything unknown is `internal`. */
function fromFrameworkError(err: FastifyError): AppError {
  if (err.validation) {
    const where = err.validation
      .slice(0, 5)
      .map((v) => `${v.instancePath || '/'} ${v.message ?? ''}`.trim())
      .join('; ');
    return new AppError('invalid_input', `invalid body: ${where}`.slice(0, 500));
  }
  const status = err.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', 'body over 1 MB');
  if (status === 415) return new AppError('unsupported_media_type', 'send application/json');
  if (status === 429) return new AppError('rate_limited', 'too many requests');
  // Fastify reports __proto__ / constructor.prototype keys as invalid JSON too (onProtoPoisoning: 'error').
  if (status === 400 && /JSON/.test(err.code ?? ''))
    return new AppError('malformed_json', 'body is not valid JSON or has a __proto__ key');
  if (status === 400 && err instanceof SyntaxError) return new AppError('malformed_json', 'body is not valid JSON');
  if (status === 400 && err.code === 'FST_ERR_BAD_URL') return new AppError('not_found', 'the URL is not valid');
  if (status >= 400 && status < 500) return new AppError('invalid_input', err.message.slice(0, 300));
  return new AppError('internal', 'internal error');
}

/** The error envelope of an error; anything but an AppError is `internal`, with nothing of its message. */
export function errorEnvelope(error: unknown) {
  const err = error instanceof AppError ? error : new AppError('internal', 'internal error');
  return {
    ok: false as const,
    data: null,
    err_data: { kind: err.kind, show: err.show, detail: err.detail, ...(err.quota ? { quota: err.quota } : {}) },
  };
}

function sendError(reply: FastifyReply, err: AppError) {
  return reply.status(ERROR_KINDS[err.kind]).send(errorEnvelope(err));
}

/**
 * Errors Fastify raises before routing (a URL that does not decode) bypass the error handler;
 * passed as the `frameworkErrors` option so they get the envelope too.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // No hook ran, so the request id is echoed here.
  void reply.header('x-request-id', req.id);
  return sendError(reply, fromFrameworkError(error));
}

/** One error handler for the envelope `{ ok, data, err_data: { kind, show, detail } }`; 500s never carry a stack. */
export const envelopePlugin = fp(async (app: FastifyInstance, opts: { onOutage?: () => void } = {}) => {
  app.setErrorHandler((error, req, reply) => {
    // A database restart or a full disk is retryable, not a bug: one warn line, a 503, no stack.
    const outage = error instanceof AppError ? null : findOutage(error);
    if (outage) {
      req.log.warn(outage, 'database outage');
      opts.onOutage?.();
      return sendError(reply, outageError(outage.outage));
    }
    const err = error instanceof AppError ? error : fromFrameworkError(error as FastifyError);
    if (err.kind === 'internal') req.log.error({ err: error }, 'unhandled error');
    if (err.kind === 'rate_limited' || err.kind === 'code_too_frequent') {
      const retry = (error as AppError & { retryAfter?: number }).retryAfter;
      if (retry) void reply.header('retry-after', String(retry));
    }
    return sendError(reply, err);
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/') && app.spaIndex) return reply.sendFile('index.html');
    const kind = req.url.startsWith('/api/') && req.method !== 'POST' ? 'method_not_allowed' : 'not_found';
    return sendError(reply, new AppError(kind, `${req.method} ${req.url.split('?')[0]} is not a call`));
  });
});
