// The content-import module's face (decision 018): what other modules may use of it.
export { contentImportModule } from './content-import.routes.js';
export { importPackage } from './content-import.service.js';
export { CONTENT_DIR, readPackageFrom, seedContent } from './seed.js';
// ECDICT rows, for the click-a-word index that reads the same lists.
export { parseCsv } from './csv.js';
export { parseExchange, senses, wordQuestionId } from './ecdict.js';
