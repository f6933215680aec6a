export * from './http.js';
export * from './errors.js';
export * from './common.js';
export * from './enums.js';
export * from './define.js';
export * from './calls/index.js';
