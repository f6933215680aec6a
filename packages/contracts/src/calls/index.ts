import type { CallDef } from '../define.js';
import { bookCalls } from './books.js';
import { contentCalls } from './content-import.js';
import { examCalls } from './exams.js';
import { craftCalls } from './crafts.js';
import { summaryCalls } from './summary.js';
import { searchCalls } from './search.js';
import { ideaCalls } from './idea.js';
import { mediaCalls } from './media.js';
import { questionCalls } from './questions.js';
import { systemCalls } from './system.js';
import { userCalls } from './user.js';
import { wordCalls } from './words.js';
import { payCalls } from './pay.js';
import { codeCalls } from './codes.js';
import { flashCalls } from './flash.js';
import { mailCalls } from './mail.js';
import { postCalls } from './posts.js';
import { auditCalls } from './audit.js';
import { permissionCalls } from './permission.js';
import { voucherCalls } from './voucher.js';
import { tailorCalls } from './tailor.js';
import { quotaCalls } from './quotas.js';
import { exportCalls } from './export.js';
import { essayCalls } from './essays.js';
import { assistantCalls } from './assistant.js';
import { editorCalls } from './editor.js';
import { calibrationCalls } from './calibration.js';

export { userCalls, systemCalls, questionCalls, bookCalls, contentCalls, ideaCalls, examCalls };
export * from './exams.js';
export { craftCalls, summaryCalls, searchCalls };
export * from './crafts.js';
export * from './summary.js';
export * from './search.js';
export * from './question-view.js';
export * from './user.js';
export * from './system.js';
export * from './questions.js';
export * from './books.js';
export * from './content-import.js';
export * from './idea.js';
export * from './words.js';
export * from './media.js';
export * from './pay.js';
export * from './codes.js';
export * from './flash.js';
export * from './mail.js';
export * from './posts.js';
export * from './audit.js';
export { auditCalls };
export { payCalls, codeCalls, flashCalls, mailCalls, postCalls };
export * from './permission.js';
export * from './voucher.js';
export * from './tailor.js';
export { permissionCalls, voucherCalls, tailorCalls };
export * from './quotas.js';
export { quotaCalls };
export * from './export.js';
export { exportCalls };
export * from './essays.js';
export { essayCalls };
export * from './assistant.js';
export * from './editor.js';
export { editorCalls };
export * from './calibration.js';
export { calibrationCalls };

/** Every call the server registers; the contract fuzz test walks this list. */
export const allCalls: CallDef[] = [
  ...Object.values(userCalls),
  ...Object.values(systemCalls),
  ...Object.values(questionCalls),
  ...Object.values(bookCalls),
  ...Object.values(contentCalls),
  ...Object.values(ideaCalls),
  ...Object.values(wordCalls),
  ...Object.values(mediaCalls),
  ...Object.values(examCalls),
  ...Object.values(craftCalls),
  ...Object.values(summaryCalls),
  ...Object.values(searchCalls),
  ...Object.values(payCalls),
  ...Object.values(codeCalls),
  ...Object.values(flashCalls),
  ...Object.values(mailCalls),
  ...Object.values(postCalls),
  ...Object.values(auditCalls),
  ...Object.values(permissionCalls),
  ...Object.values(voucherCalls),
  ...Object.values(tailorCalls),
  ...Object.values(quotaCalls),
  ...Object.values(exportCalls),
  ...Object.values(essayCalls),
  ...Object.values(assistantCalls),
  ...Object.values(editorCalls),
  ...Object.values(calibrationCalls),
];
