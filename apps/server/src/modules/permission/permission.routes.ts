import { permissionCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { checkCoin, findUsers, getUser } from './admin-users.service.js';
import { checkNewmen, giftNewmen } from './newman.service.js';
import { getReport } from './report.service.js';
import {
  assignCommonTailorUse,
  assignCustomTailorUse,
  manualChangeFlashCoin,
  manualGrantVip,
  removeVip,
  setHigh,
  setHigher,
} from './rights.service.js';

const admin = { staff: 'admin' } as const;

/** The admin's permission calls (spec §6, §7 Permission): users, their tier, coins and rights, the report, gifts. */
export const permissionModule: Module = (app, deps) => {
  const c = permissionCalls;
  registerCall(app, c.findUsers, async ({ actor, body }) => {
    authorize(actor, admin);
    return findUsers(deps, body);
  });
  registerCall(app, c.getUser, async ({ actor, body }) => {
    authorize(actor, admin);
    return getUser(deps, body.user_id);
  });
  registerCall(app, c.checkCoin, async ({ actor, body }) => {
    authorize(actor, admin);
    return checkCoin(deps, body.user_id);
  });
  registerCall(app, c.getReport, async ({ actor, body }) => {
    authorize(actor, admin);
    return getReport(deps, body.from, body.to);
  });
  registerCall(app, c.batchCheckNewman, async ({ actor, body }) => {
    authorize(actor, admin);
    return checkNewmen(deps, body.from, body.to);
  });
  registerCall(app, c.batchNewmanGift, async ({ actor, body }) => giftNewmen(deps, authorize(actor, admin), body));
  registerCall(app, c.setHigh, async ({ actor, body }) => setHigh(deps, authorize(actor, admin), body));
  registerCall(app, c.setHigher, async ({ actor, body }) => setHigher(deps, authorize(actor, admin), body));
  registerCall(app, c.assignCustomTailorUse, async ({ actor, body }) =>
    assignCustomTailorUse(deps, authorize(actor, admin), body),
  );
  registerCall(app, c.assignCommonTailorUse, async ({ actor, body }) =>
    assignCommonTailorUse(deps, authorize(actor, admin), body),
  );
  registerCall(app, c.manualGrantVip, async ({ actor, body }) => manualGrantVip(deps, authorize(actor, admin), body));
  registerCall(app, c.removeVip, async ({ actor, body }) => removeVip(deps, authorize(actor, admin), body));
  registerCall(app, c.manualChangeFlashCoin, async ({ actor, body }) =>
    manualChangeFlashCoin(deps, authorize(actor, admin), body),
  );
};
