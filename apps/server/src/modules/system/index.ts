// The system module's face (decision 018): what other modules may use of it.
export { systemModule } from './system.routes.js';
export { applyMaintenanceAtStart } from './maintenance.js';
