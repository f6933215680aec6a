export * from './client.js';
export * from './backup.js';
export { isUniqueViolation } from './errors.js';
export { IncompatibleDataDir } from './data-dir-version.js';
export * as schema from './schema/index.js';
export * from './schema/index.js';
