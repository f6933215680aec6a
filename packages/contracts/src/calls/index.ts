import type { CallDef } from '../define.js';
import { systemCalls } from './system.js';
import { userCalls } from './user.js';

export { userCalls, systemCalls };
export * from './question-view.js';
export * from './user.js';
export * from './system.js';

/** Every call the server registers; the contract fuzz test walks this list. */
export const allCalls: CallDef[] = [...Object.values(userCalls), ...Object.values(systemCalls)];
