// The search module's face (decision 018): what other modules may use of it.
export { searchModule } from './search.routes.js';
// Formulas as readable plain text: the export's CSV flattens content text with it.
export { plainMath } from './math-text.js';
