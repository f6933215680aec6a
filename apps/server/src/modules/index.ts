import type { Module } from '../lib/register-call.js';
import { authModule } from './auth/auth.routes.js';
import { booksModule } from './books/books.routes.js';
import { craftsModule } from './crafts/crafts.routes.js';
import { contentImportModule } from './content-import/content-import.routes.js';
import { examsModule } from './exams/exams.routes.js';
import { ideaModule } from './idea/idea.routes.js';
import { mediaModule } from './media/media.routes.js';
import { questionsModule } from './questions/questions.routes.js';
import { searchModule } from './search/search.routes.js';
import { summaryModule } from './summary/summary.routes.js';
import { systemModule } from './system/system.routes.js';
import { usersModule } from './users/users.routes.js';
import { wordsModule } from './words/words.routes.js';

/** Every feature module, registered in this order by buildApp. */
export const modules: Module[] = [systemModule, authModule, usersModule, questionsModule, booksModule, contentImportModule, ideaModule, wordsModule, mediaModule, examsModule, craftsModule, searchModule, summaryModule];
