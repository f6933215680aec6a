import { assistantCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import {
  assistantUsage,
  getConversation,
  listConversations,
  prepareAsk,
  removeConversation,
} from './assistant.service.js';
import { streamAsk } from './assistant.stream.js';

/** The study assistant (decision 030): the learner's own conversations; staff see aggregate use only. */
export const assistantModule: Module = (app, deps) => {
  registerCall(app, assistantCalls.ask, async ({ actor, body, req, reply }) => {
    const prepared = await prepareAsk(deps, authorize(actor), body);
    if (req.headers.accept?.includes('text/event-stream')) return streamAsk(reply, prepared);
    return prepared.answer(() => undefined);
  });
  registerCall(app, assistantCalls.list, async ({ actor, body }) => listConversations(deps, authorize(actor), body));
  registerCall(app, assistantCalls.get, async ({ actor, body }) => getConversation(deps, authorize(actor), body.id));
  registerCall(app, assistantCalls.delete, async ({ actor, body }) =>
    removeConversation(deps, authorize(actor), body.id),
  );
  registerCall(app, assistantCalls.usage, async ({ actor, body }) => {
    authorize(actor, { staff: 'operator' });
    return assistantUsage(deps, body.days ?? 14);
  });
};
