// The calibration module's face (decision 018): the calls, the run the hourly job makes, and the rule every writer
// of author labels (an import, an editor's publish) applies in its transaction afterwards.
export { calibrationModule } from './calibration.routes.js';
export { runCalibration } from './calibration.service.js';
export { applyShownDifficulty } from './calibration.repository.js';
