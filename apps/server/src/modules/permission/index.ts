// The permission module's face (decision 018): the admin's calls on users' tiers, coins and rights, the report and
// the newman gift; tier and coin changes go through the membership module, tailor uses through the tailor module.
export { permissionModule } from './permission.routes.js';
