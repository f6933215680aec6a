import type { CallDef } from '../define.js';
import { bookCalls } from './books.js';
import { contentCalls } from './content-import.js';
import { questionCalls } from './questions.js';
import { systemCalls } from './system.js';
import { userCalls } from './user.js';

export { userCalls, systemCalls, questionCalls, bookCalls, contentCalls };
export * from './question-view.js';
export * from './user.js';
export * from './system.js';
export * from './questions.js';
export * from './books.js';
export * from './content-import.js';

/** Every call the server registers; the contract fuzz test walks this list. */
export const allCalls: CallDef[] = [
  ...Object.values(userCalls),
  ...Object.values(systemCalls),
  ...Object.values(questionCalls),
  ...Object.values(bookCalls),
  ...Object.values(contentCalls),
];
