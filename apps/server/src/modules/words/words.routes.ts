import { wordCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { addWords, deleteWords, getAllWords, markSimple } from './words.service.js';

/** The learner's word books: the word infos loaded once a session, add (click-a-word "加入生词本"), delete, simple mark. */
export const wordsModule: Module = (app, deps) => {
  registerCall(app, wordCalls.getAll, async ({ actor }) => getAllWords(deps, authorize(actor)));
  registerCall(app, wordCalls.addWords, async ({ actor, body }) => addWords(deps, authorize(actor), body));
  registerCall(app, wordCalls.delete, async ({ actor, body }) => deleteWords(deps, authorize(actor), body));
  registerCall(app, wordCalls.markSimple, async ({ actor, body }) => markSimple(deps, authorize(actor), body));
};
