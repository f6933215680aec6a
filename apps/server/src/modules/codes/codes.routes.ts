import { codeCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { checkCode, createCode, listAllCodes, withdrawCode } from './codes.service.js';

/** Discount codes (spec §7 Code): admins create, list and withdraw them; learners check one before paying. */
export const codesModule: Module = (app, deps) => {
  registerCall(app, codeCalls.create, async ({ actor, body }) =>
    createCode(deps, authorize(actor, { staff: 'admin' }), body),
  );
  registerCall(app, codeCalls.list, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return listAllCodes(deps, body.page);
  });
  registerCall(app, codeCalls.markInvalid, async ({ actor, body }) =>
    withdrawCode(deps, authorize(actor, { staff: 'admin' }), body.id),
  );
  registerCall(app, codeCalls.get, async ({ actor, body }) => checkCode(deps, authorize(actor), body.code));
};
