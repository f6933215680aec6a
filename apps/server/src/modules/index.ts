import type { Module } from '../lib/register-call.js';
import { authModule } from './auth/auth.routes.js';
import { booksModule } from './books/books.routes.js';
import { contentImportModule } from './content-import/content-import.routes.js';
import { questionsModule } from './questions/questions.routes.js';
import { systemModule } from './system/system.routes.js';
import { usersModule } from './users/users.routes.js';

/** Every feature module, registered in this order by buildApp. */
export const modules: Module[] = [systemModule, authModule, usersModule, questionsModule, booksModule, contentImportModule];
