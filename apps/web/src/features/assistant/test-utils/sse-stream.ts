import type { AskResponse, AssistantMessage } from '@gre/contracts';

/** A body of server-sent events cut into the given byte chunks (or one chunk per event). */
export function sseBody(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? enc.encode(c) : c);
      controller.close();
    },
  });
}

export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const sseResponse = (chunks: (string | Uint8Array)[]) =>
  new Response(sseBody(chunks), { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

export function makeMessage(over: Partial<AssistantMessage> = {}): AssistantMessage {
  return {
    id: 1,
    role: 'assistant',
    text: '',
    intent: null,
    answered_by: null,
    actions: [],
    sources: [],
    created_stamp: 1_764_000_000,
    ...over,
  };
}

/** An AskResponse: the learner's message kept, and the reply with its sources and actions. */
export function makeAnswer(message: string, reply: Partial<AssistantMessage>, conversationId = 11): AskResponse {
  return {
    conversation: { id: conversationId, title: message.slice(0, 40), question_id: null, messages: 2, updated_stamp: 1 },
    message: makeMessage({ id: 100, role: 'learner', text: message }),
    reply: makeMessage({ id: 101, role: 'assistant', intent: 'other', answered_by: 'builtin', ...reply }),
  };
}

/** A whole streamed answer: the reply's text in deltas, then done. */
export function streamedAnswer(answer: AskResponse, pieces: string[]): string[] {
  return [
    ...pieces.map((text) => sseEvent('delta', { text })),
    sseEvent('done', { ok: true, data: answer, err_data: null }),
  ];
}
