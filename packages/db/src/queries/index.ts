// Query pieces several server modules' repositories share: one definition of a list line's columns, of the bank's
// conditions and of the user search, so no module reaches into another's repository for them (decision 018).
// Repositories only: lint keeps them out of services and routes, their row types excepted.
export * from './questions.js';
export * from './locks.js';
export * from './users.js';
export * from './flash.js';
