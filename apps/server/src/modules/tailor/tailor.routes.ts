import { tailorCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import {
  deleteTailored,
  findLearner,
  listTailored,
  myTailored,
  saveTailored,
  tailorSources,
} from './tailor.service.js';
import { tailorShelf } from './shelf.service.js';

/** Tailored books: teachers (and admins) build them for learners; a learner reads their own, and the shared shelf. */
export const tailorModule: Module = (app, deps) => {
  registerCall(app, tailorCalls.sources, async ({ actor, body }) => {
    authorize(actor, { staff: 'teacher' });
    return tailorSources(deps, body.book_id);
  });
  registerCall(app, tailorCalls.findLearner, async ({ actor, body }) => {
    authorize(actor, { staff: 'teacher' });
    return findLearner(deps, body);
  });
  registerCall(app, tailorCalls.list, async ({ actor, body }) => {
    authorize(actor, { staff: 'teacher' });
    return listTailored(deps, body.user_id);
  });
  registerCall(app, tailorCalls.save, async ({ actor, body }) =>
    saveTailored(deps, authorize(actor, { staff: 'teacher' }), body),
  );
  registerCall(app, tailorCalls.delete, async ({ actor, body }) =>
    deleteTailored(deps, authorize(actor, { staff: 'teacher' }), body.id),
  );
  registerCall(app, tailorCalls.mine, async ({ actor }) => myTailored(deps, authorize(actor)));
  registerCall(app, tailorCalls.shelf, async ({ actor }) => tailorShelf(deps, authorize(actor)));
};
