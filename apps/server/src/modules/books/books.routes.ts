import { bookCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { getBook, listBooksFor } from './books.service.js';

/** The bank pages' books: lists by page kind and one book with its questions. */
export const booksModule: Module = (app, deps) => {
  registerCall(app, bookCalls.list, async ({ actor, body }) => listBooksFor(deps, authorize(actor), body));
  registerCall(app, bookCalls.get, async ({ actor, body }) => getBook(deps, authorize(actor), body.id));
};
