import { questionCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { CATEGORY_CONFIG } from './category-config.js';
import { filterBank, getQuestions } from './questions.service.js';
import { wordIndex } from './word-index.js';

/**
 * Questions by id, the big bank filter and the category config. The click-a-word look-up (`/api/word/lookup`) over this
 * module's word index is registered by the words module, which keeps a look-up in a question among the words met.
 */
export const questionsModule: Module = (app, deps) => {
  registerCall(app, questionCalls.get, async ({ actor, body }) => getQuestions(deps, authorize(actor), body));
  registerCall(app, questionCalls.filter, async ({ actor, body }) => filterBank(deps, authorize(actor), body));
  registerCall(app, questionCalls.categoryConfig, async ({ actor }) => {
    authorize(actor);
    return CATEGORY_CONFIG;
  });
  // Built once per process; tests build it on their first look-up instead of in every app they start. A missing
  // list fails the look-ups (retried on each), never the start.
  if (deps.env.NODE_ENV !== 'test') {
    app.addHook('onReady', async () => {
      await wordIndex().catch((err: unknown) => app.log.error({ err }, 'word look-up lists could not be read'));
    });
  }
};
