// The users module's face (decision 018): what other modules may use of it.
export { usersModule } from './users.routes.js';
export { cleanText, currentUser, freezeAccount, setFreezeFlag } from './users.service.js';
export { toUserDto, toUserInfo } from './users.dto.js';
export {
  createAccount,
  endUserSessions,
  findAccount,
  setPasswordHash,
  TRIAL_DAYS,
  type Account,
} from './accounts.service.js';
export { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.js';
export {
  demoAccountsTable,
  demoExposureWarning,
  demoSeedEnabled,
  presentDemoAccounts,
  seedDemoAccounts,
} from './demo-seed.js';
