import { searchCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { search } from './search.service.js';

/** /api/search: questions and words by keyword, with highlighted snippets. */
export const searchModule: Module = (app, deps) => {
  registerCall(app, searchCalls.search, async ({ actor, body }) => search(deps, authorize(actor), body));
};
