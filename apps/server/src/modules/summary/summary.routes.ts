import { craftCalls, summaryCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import {
  avgScore,
  exercise,
  getDaily,
  monthActivity,
  overall,
  refreshRecent,
  reviewDue,
  signIn,
  totalScore,
} from './summary.service.js';

/** Summary, calendar and growth (spec §7 Summary calls), and the spaced re-review's due list. */
export const summaryModule: Module = (app, deps) => {
  registerCall(app, summaryCalls.get, async ({ actor }) => overall(deps, authorize(actor)));
  registerCall(app, summaryCalls.getExercise, async ({ actor, body }) => exercise(deps, authorize(actor), body.window));
  registerCall(app, summaryCalls.getAvgScore, async ({ actor, body }) => avgScore(deps, authorize(actor), body.window));
  registerCall(app, summaryCalls.getTotalScore, async ({ actor, body }) =>
    totalScore(deps, authorize(actor), body.window),
  );
  registerCall(app, summaryCalls.getDaily, async ({ actor }) => getDaily(deps, authorize(actor)));
  registerCall(app, summaryCalls.monthActivity, async ({ actor, body }) =>
    monthActivity(deps, authorize(actor), body.month),
  );
  registerCall(app, summaryCalls.signIn, async ({ actor }) => signIn(deps, authorize(actor)));
  registerCall(app, summaryCalls.refreshRecent, async ({ actor }) => refreshRecent(deps, authorize(actor)));
  registerCall(app, craftCalls.reviewDue, async ({ actor, body }) => reviewDue(deps, authorize(actor), body.limit));
};
