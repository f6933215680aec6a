import { contentCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { dryRunPackage, importPackage } from './content-import.service.js';

/** The admin /sync page: upload a package, list its problems, import it all or nothing. */
export const contentImportModule: Module = (app, deps) => {
  registerCall(app, contentCalls.dryRun, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return dryRunPackage(deps.database.db, body.files);
  });
  registerCall(app, contentCalls.import, async ({ actor, body }) => {
    authorize(actor, { staff: 'admin' });
    return importPackage(deps.database.db, body.files);
  });
};
