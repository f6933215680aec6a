import { flashCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { checkCreate, createFlash, getProgress, giveUpFlash, listOwnFlashes, reviewDue } from './flash.service.js';
import { finishRound } from './finish.service.js';
import { openFlash, updateChoice } from './round.service.js';

/** Flash cards: decks, rounds, coins and long-term review (issue 14). */
export const cardsModule: Module = (app, deps) => {
  registerCall(app, flashCalls.checkCreate, async ({ actor, body }) => checkCreate(deps, authorize(actor), body));
  registerCall(app, flashCalls.createFlash, async ({ actor, body }) => createFlash(deps, authorize(actor), body));
  registerCall(app, flashCalls.openFlash, async ({ actor, body }) => openFlash(deps, authorize(actor), body.id));
  registerCall(app, flashCalls.giveUpFlash, async ({ actor, body }) => giveUpFlash(deps, authorize(actor), body.id));
  registerCall(app, flashCalls.updateChoice, async ({ actor, body }) => updateChoice(deps, authorize(actor), body));
  registerCall(app, flashCalls.finishRound, async ({ actor, body }) => finishRound(deps, authorize(actor), body));
  registerCall(app, flashCalls.getProgress, async ({ actor, body }) => getProgress(deps, authorize(actor), body.id));
  registerCall(app, flashCalls.list, async ({ actor }) => listOwnFlashes(deps, authorize(actor)));
  registerCall(app, flashCalls.reviewDue, async ({ actor }) => reviewDue(deps, authorize(actor)));
};
