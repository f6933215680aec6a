import { ideaCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { listIdeas } from './idea.service.js';

/** The /idea page's prompt list; the prompt and its outline come from `/api/question/get` under its access rules. */
export const ideaModule: Module = (app, deps) => {
  registerCall(app, ideaCalls.list, async ({ actor, body }) => listIdeas(deps, authorize(actor), body));
};
