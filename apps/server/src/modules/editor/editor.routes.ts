import { editorCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import {
  discardDraft,
  exportFile,
  findLines,
  findPassages,
  getPassage,
  history,
  openQuestion,
  publish,
  saveDraft,
} from './editor.service.js';

/** The question editor: operators (and admins) only; teachers and learners get `forbidden`. */
export const editorModule: Module = (app, deps) => {
  const operator = { staff: 'operator' } as const;
  registerCall(app, editorCalls.find, async ({ actor, body }) => {
    authorize(actor, operator);
    return findLines(deps, body);
  });
  registerCall(app, editorCalls.open, async ({ actor, body }) => {
    authorize(actor, operator);
    return openQuestion(deps, body);
  });
  registerCall(app, editorCalls.passages, async ({ actor, body }) => {
    authorize(actor, operator);
    return findPassages(deps, body.query ?? '');
  });
  registerCall(app, editorCalls.passage, async ({ actor, body }) => {
    authorize(actor, operator);
    return getPassage(deps, body.id);
  });
  registerCall(app, editorCalls.saveDraft, async ({ actor, body }) =>
    saveDraft(deps, authorize(actor, operator), body),
  );
  registerCall(app, editorCalls.discardDraft, async ({ actor, body }) => {
    authorize(actor, operator);
    return discardDraft(deps, body.draft_id);
  });
  registerCall(app, editorCalls.publish, async ({ actor, body }) => publish(deps, authorize(actor, operator), body));
  registerCall(app, editorCalls.history, async ({ actor, body }) => {
    authorize(actor, operator);
    return history(deps, body.question_id);
  });
  registerCall(app, editorCalls.export, async ({ actor, body }) => {
    authorize(actor, operator);
    return exportFile(deps, body);
  });
};
