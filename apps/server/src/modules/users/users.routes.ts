import { userCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { toUserDto } from './users.dto.js';
import { getInfo, getInfos, getProfile, updateExamEtsMode, updateSignature, updateTodayAim } from './users.service.js';

/** The user's own record and what others may see of users (the admin's freeze is modules/freeze). */
export const usersModule: Module = (app, deps) => {
  // The gate already loaded the user with the session: no second query.
  registerCall(app, userCalls.get, async ({ actor }) => toUserDto(authorize(actor).user, deps.clock.now()));
  registerCall(app, userCalls.getInfo, async ({ actor, body }) => {
    authorize(actor);
    return getInfo(deps, body.user_id);
  });
  registerCall(app, userCalls.getInfos, async ({ actor, body }) => {
    authorize(actor);
    return getInfos(deps, body.user_ids);
  });
  registerCall(app, userCalls.getProfile, async ({ actor }) => getProfile(deps, authorize(actor)));
  registerCall(app, userCalls.updateSignature, async ({ actor, body }) =>
    updateSignature(deps, authorize(actor), body.signature),
  );
  registerCall(app, userCalls.updateTodayAim, async ({ actor, body }) =>
    updateTodayAim(deps, authorize(actor), body.aim),
  );
  registerCall(app, userCalls.updateExamEtsMode, async ({ actor, body }) =>
    updateExamEtsMode(deps, authorize(actor), body.ets_mode),
  );
};
