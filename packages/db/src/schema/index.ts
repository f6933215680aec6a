export * from './users.js';
export * from './auth.js';
export * from './system.js';
export * from './questions.js';
export * from './words.js';
export * from './media.js';
export * from './exams.js';
export * from './personal.js';
