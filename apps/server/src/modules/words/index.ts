// The words module's face (decision 018): what other modules may use of it.
export { wordsModule } from './words.routes.js';
