// The test-only face (decision 018): a module's tests take another module's fixtures from here, and anything else of
// it from its index.ts; lint holds both. A fixture file re-exported here imports other modules through their faces,
// never this file, so no import cycle runs through it.
export * from '../src/modules/users/users.fixtures.js';
export * from '../src/modules/content-import/content.fixtures.js';
export { readPackage } from '../src/modules/content-import/package.js';
export * from '../src/modules/exams/exams.fixtures.js';
export * from '../src/modules/media/media.fixtures.js';
export * from '../src/modules/pay/pay.fixtures.js';
export * from '../src/modules/posts/posts.fixtures.js';
// A live confirmation code for money- and role-changing calls, without the minute between sends.
export * from './op-code.js';
export * from '../src/modules/permission/permission.fixtures.js';
