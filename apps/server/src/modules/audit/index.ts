// The audit module's face (decision 018): the admin's read of the log. Writing is lib/audit.ts, in each change's unit.
export { auditModule } from './audit.routes.js';
