import { questionCalls, wordCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { getBands, getDetailsByBook } from './details.service.js';
import { listMet, lookupAndRecord } from './encounters.service.js';
import { addWords, createBook, deleteBook, deleteWords, getAllWords, markSimple, mergeBooks } from './words.service.js';

/**
 * The learner's words: word books (the word infos loaded once a session, add from click-a-word "加入生词本", delete,
 * simple mark, make, delete and merge books, a book's page with details), the GRE list's bands, and the words met.
 * The look-up itself is here because a look-up in a question is kept among the words met; the dictionary it reads
 * is the questions module's word index.
 */
export const wordsModule: Module = (app, deps) => {
  registerCall(app, questionCalls.wordLookup, async ({ actor, body }) => lookupAndRecord(deps, authorize(actor), body));
  registerCall(app, wordCalls.getAll, async ({ actor }) => getAllWords(deps, authorize(actor)));
  registerCall(app, wordCalls.addWords, async ({ actor, body }) => addWords(deps, authorize(actor), body));
  registerCall(app, wordCalls.delete, async ({ actor, body }) => deleteWords(deps, authorize(actor), body));
  registerCall(app, wordCalls.markSimple, async ({ actor, body }) => markSimple(deps, authorize(actor), body));
  registerCall(app, wordCalls.createBook, async ({ actor, body }) => createBook(deps, authorize(actor), body));
  registerCall(app, wordCalls.deleteBook, async ({ actor, body }) => deleteBook(deps, authorize(actor), body));
  registerCall(app, wordCalls.merge, async ({ actor, body }) => mergeBooks(deps, authorize(actor), body));
  registerCall(app, wordCalls.getDetailsByBook, async ({ actor, body }) =>
    getDetailsByBook(deps, authorize(actor), body),
  );
  registerCall(app, wordCalls.bands, async ({ actor }) => getBands(deps, authorize(actor)));
  registerCall(app, wordCalls.met, async ({ actor, body }) => listMet(deps, authorize(actor), body));
};
