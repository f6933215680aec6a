import { userCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { setFrozen } from './freeze.service.js';

/** `/api/user/freeze` (the /freeze and /unfreeze pages, the admin's user drawer). */
export const freezeModule: Module = (app, deps) => {
  registerCall(app, userCalls.freeze, async ({ actor, body }) =>
    setFrozen(deps, authorize(actor, { staff: 'admin' }), body),
  );
};
