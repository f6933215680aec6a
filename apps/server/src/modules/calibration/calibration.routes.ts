import { calibrationCalls } from '@gre/contracts';
import { authorize } from '../../lib/authorize.js';
import { registerCall, type Module } from '../../lib/register-call.js';
import { exportCalibration, listCalibrated, runCalibration } from './calibration.service.js';

/**
 * Difficulty from data (docs/calibration.md): operators and admins read where the answers and the author disagree,
 * and may run the fit now instead of waiting for the hourly job.
 */
export const calibrationModule: Module = (app, deps) => {
  registerCall(app, calibrationCalls.list, async ({ actor, body }) => {
    authorize(actor, { staff: 'operator' });
    return listCalibrated(deps, {
      disagreeOnly: body.disagree_only,
      kind: body.kind,
      limit: body.page_size,
      offset: (body.page - 1) * body.page_size,
    });
  });
  registerCall(app, calibrationCalls.export, async ({ actor }) => {
    authorize(actor, { staff: 'operator' });
    return exportCalibration(deps);
  });
  registerCall(app, calibrationCalls.run, async ({ actor }) => {
    const staff = authorize(actor, { staff: 'operator' });
    return runCalibration(deps, staff);
  });
};
