// The freeze module's face (decision 018): the admin's freeze and unfreeze of a user, audited.
export { freezeModule } from './freeze.routes.js';
export { freezeUser } from './freeze.service.js';
