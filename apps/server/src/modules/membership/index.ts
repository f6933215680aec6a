// The membership module's face (decision 018): the one writer of a user's tier and flash coins (issue 13).
export {
  addFlashCoins,
  grantTier,
  recordFirstPeriod,
  removeTier,
  takeFlashCoins,
  type GrantSource,
  type GrantTier,
  type TierGrant,
  type TierResult,
} from './membership.service.js';
export type { NewEntitlement } from './membership.repository.js';
