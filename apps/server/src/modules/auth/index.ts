// The auth module's face (decision 018): what other modules, and the gate, may use of it.
export { authModule } from './auth.routes.js';
export { actorFromToken } from './sessions.service.js';
export { openSession, type Session } from './login.service.js';
// Confirmation codes of sensitive operations (lib/op-check.ts): checked and used up once.
export { consumeCode } from './codes.service.js';
// A refusal that tells the client when to try again (Retry-After): every per-learner budget answers with it.
export { retryLater } from './limits.js';
// The gate's batched session look-up, one per Deps, built by createDeps (decisions 011, 017).
export { SessionLookup } from './sessions.repository.js';
