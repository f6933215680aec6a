import type { Module } from '../lib/register-call.js';
import { authModule } from './auth/index.js';
import { booksModule } from './books/index.js';
import { craftsModule } from './crafts/index.js';
import { contentImportModule } from './content-import/index.js';
import { examsModule } from './exams/index.js';
import { ideaModule } from './idea/index.js';
import { mediaModule } from './media/index.js';
import { questionsModule } from './questions/index.js';
import { searchModule } from './search/index.js';
import { summaryModule } from './summary/index.js';
import { systemModule } from './system/index.js';
import { usersModule } from './users/index.js';
import { wordsModule } from './words/index.js';
import { codesModule } from './codes/index.js';
import { payModule } from './pay/index.js';
import { cardsModule } from './cards/index.js';
import { mailModule } from './mail/index.js';
import { postsModule } from './posts/index.js';
import { auditModule } from './audit/index.js';
import { freezeModule } from './freeze/index.js';
import { permissionModule } from './permission/index.js';
import { vouchersModule } from './vouchers/index.js';
import { tailorModule } from './tailor/index.js';
import { exportModule } from './export/index.js';
import { essaysModule } from './essays/index.js';
import { assistantModule } from './assistant/index.js';
import { editorModule } from './editor/index.js';
import { calibrationModule } from './calibration/index.js';

/** Every feature module, registered in this order by buildApp. */
export const modules: Module[] = [
  systemModule,
  authModule,
  usersModule,
  questionsModule,
  booksModule,
  contentImportModule,
  ideaModule,
  wordsModule,
  mediaModule,
  examsModule,
  craftsModule,
  searchModule,
  summaryModule,
  codesModule,
  payModule,
  cardsModule,
  mailModule,
  postsModule,
  auditModule,
  freezeModule,
  permissionModule,
  vouchersModule,
  tailorModule,
  exportModule,
  essaysModule,
  assistantModule,
  editorModule,
  calibrationModule,
];
