import { envelopeSchema, type CallDef } from '@gre/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './authorize.js';
import type { Deps } from './deps.js';

export interface CallContext<Req> {
  body: Req;
  /** Non-null on every call whose contract is not `public`. */
  actor: Actor | null;
  ip: string;
  deviceId: string;
  req: FastifyRequest;
  /** For a handler that answers by itself (a stream): it hijacks the reply and its return value is ignored. */
  reply: FastifyReply;
}

export type CallHandler<C extends CallDef> = (
  ctx: CallContext<z.output<C['request']>>,
) => Promise<z.input<C['response']> | FastifyReply>;

/**
 * Registers a contract as `POST path`: the body is checked by the contract's strict schema,
 * the answer by its response schema, and the result wrapped in the envelope.
 */
export function registerCall<C extends CallDef>(app: FastifyInstance, call: C, handler: CallHandler<C>): void {
  app.route({
    method: 'POST',
    url: call.path,
    config: { call },
    ...(call.maxBodyBytes ? { bodyLimit: call.maxBodyBytes } : {}),
    schema: {
      summary: call.summary,
      tags: [call.path.split('/')[2] ?? 'api'],
      body: call.request,
      response: { 200: envelopeSchema(call.response) },
    },
    handler: async (req, reply) => {
      const data = await handler({
        body: req.body as z.output<C['request']>,
        actor: req.actor,
        ip: req.ip,
        deviceId: req.deviceId,
        req,
        reply,
      });
      if (reply.sent || data === reply) return reply;
      return { ok: true, data, err_data: null };
    },
  });
}

/** A module: registers its calls given the shared dependencies. */
export type Module = (app: FastifyInstance, deps: Deps) => void;
