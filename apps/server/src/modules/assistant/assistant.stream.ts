import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { errorEnvelope } from '../../plugins/envelope.js';
import type { PreparedAsk } from './assistant.service.js';

/** One server-sent event. */
const event = (name: 'delta' | 'done' | 'error', data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Answers a prepared `ask` as server-sent events (the contract's ASSISTANT_STREAM_EVENTS): `delta` as the reply is
 * written, then `done` with the JSON envelope of the answer, or `error` with the error envelope. Everything that can
 * refuse the call has run before (prepareAsk), so those refusals are ordinary JSON answers.
 */
export async function streamAsk(reply: FastifyReply, prepared: PreparedAsk): Promise<FastifyReply> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const send = (chunk: string) => {
    if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
  };
  try {
    const data = await prepared.answer((text) => send(event('delta', { text })));
    send(event('done', { ok: true, data, err_data: null }));
  } catch (error) {
    reply.log.error({ err: error }, 'assistant stream failed');
    send(event('error', errorEnvelope(error)));
  }
  raw.end();
  return reply;
}
