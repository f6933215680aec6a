import { craftCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { CATEGORY_CONFIG } from '../questions/index.js';
import { addTag, allTags } from './collect.service.js';
import { getCrafts, listPersonal, personalSummary, updateCraft } from './crafts.service.js';
import { reviewTree } from './review-tree.js';

const REASON_LIB = { categories: CATEGORY_CONFIG.categories.map((c) => ({ category: c.id, reasons: c.reasons })) };

/** Crafts (collect, notes, cards on questions), the personal pages, collect tags and the review tree. craftCalls.reviewDue lives in the summary module. */
export const craftsModule: Module = (app, deps) => {
  registerCall(app, craftCalls.updateV2, async ({ actor, body }) => updateCraft(deps, authorize(actor), body));
  registerCall(app, craftCalls.get, async ({ actor, body }) => getCrafts(deps, authorize(actor), body));
  registerCall(app, craftCalls.list, async ({ actor, body }) => listPersonal(deps, authorize(actor), body));
  registerCall(app, craftCalls.reasonLib, async ({ actor }) => {
    authorize(actor);
    return REASON_LIB;
  });
  registerCall(app, craftCalls.summary, async ({ actor }) => personalSummary(deps, authorize(actor)));
  registerCall(app, craftCalls.collectAdd, async ({ actor, body }) => addTag(deps, authorize(actor), body));
  registerCall(app, craftCalls.collectGetAll, async ({ actor }) => allTags(deps, authorize(actor)));
  registerCall(app, craftCalls.reviewTree, async ({ actor }) => reviewTree(deps, authorize(actor)));
};
