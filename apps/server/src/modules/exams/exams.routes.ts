import { examCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { createExam } from './create.js';
import {
  answerQuestion,
  finishSection,
  flagQuestion,
  heartbeat,
  moveCursor,
  settleClock,
  startExam,
} from './exams.service.js';
import { bookReport, deleteExam, listRecord, simulateList } from './records.service.js';
import { examResult, getExam } from './view.js';
import { checkAnswer, openPractice } from './practice.js';
import { quotaFor, quotaToday } from '../../lib/quota.js';

/** Exams: create from a book, a filter or a mock; take them (server clock, revisions); results, record and reports. */
export const examsModule: Module = (app, deps) => {
  registerCall(app, examCalls.create, async ({ actor, body }) => createExam(deps, authorize(actor), body));
  registerCall(app, examCalls.get, async ({ actor, body }) => {
    const learner = authorize(actor);
    await settleClock(deps, learner, body.id);
    return getExam(deps, learner, body.id);
  });
  registerCall(app, examCalls.start, async ({ actor, body }) => startExam(deps, authorize(actor), body));
  registerCall(app, examCalls.heartbeat, async ({ actor, body }) => heartbeat(deps, authorize(actor), body));
  registerCall(app, examCalls.move, async ({ actor, body }) => moveCursor(deps, authorize(actor), body));
  registerCall(app, examCalls.answer, async ({ actor, body }) => answerQuestion(deps, authorize(actor), body));
  registerCall(app, examCalls.flag, async ({ actor, body }) => flagQuestion(deps, authorize(actor), body));
  registerCall(app, examCalls.finishSection, async ({ actor, body }) => finishSection(deps, authorize(actor), body));
  registerCall(app, examCalls.result, async ({ actor, body }) => examResult(deps, authorize(actor), body.id));
  registerCall(app, examCalls.list, async ({ actor, body }) => listRecord(deps, authorize(actor), body));
  registerCall(app, examCalls.delete, async ({ actor, body }) => deleteExam(deps, authorize(actor), body.id));
  registerCall(app, examCalls.report, async ({ actor, body }) => bookReport(deps, authorize(actor), body));
  registerCall(app, examCalls.practice, async ({ actor, body }) => openPractice(deps, authorize(actor), body));
  registerCall(app, examCalls.check, async ({ actor, body }) => checkAnswer(deps, authorize(actor), body));
  registerCall(app, examCalls.quotaToday, async ({ actor }) => {
    const learner = authorize(actor);
    const quota = quotaFor(learner, await deps.settings.override('quotas'));
    return quotaToday(deps.database.db, learner, quota, deps.clock.now());
  });
  registerCall(app, examCalls.simulateList, async ({ actor }) => simulateList(deps, authorize(actor)));
};
