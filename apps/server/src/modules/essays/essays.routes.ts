import { essayCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { essayQueue, getEssay, gradeByTeacher, listEssays, requestJudging } from './essays.service.js';

/** Essays: the learner's own and their judging; teachers' queue and grading. */
export const essaysModule: Module = (app, deps) => {
  registerCall(app, essayCalls.list, async ({ actor, body }) => listEssays(deps, authorize(actor), body));
  registerCall(app, essayCalls.get, async ({ actor, body }) => getEssay(deps, authorize(actor), body.id));
  registerCall(app, essayCalls.judge, async ({ actor, body }) => requestJudging(deps, authorize(actor), body.id));
  registerCall(app, essayCalls.queue, async ({ actor, body }) => {
    authorize(actor, { staff: 'teacher' });
    return essayQueue(deps, body);
  });
  registerCall(app, essayCalls.grade, async ({ actor, body }) =>
    gradeByTeacher(deps, authorize(actor, { staff: 'teacher' }), body),
  );
};
