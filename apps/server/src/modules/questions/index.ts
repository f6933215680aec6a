// The questions module's face (decision 018): what other modules may use of it. The access rules and the question
// views every module shares live in lib/ (access.ts, question-view.ts), the list columns in @gre/db/queries.
export { questionsModule } from './questions.routes.js';
export { answersHeldFor, getQuestions, questionsWithPassages } from './questions.service.js';
export { CATEGORY_CONFIG } from './category-config.js';
export { wordIndex } from './word-index.js';
export {
  bankWords,
  type BankOccurrence,
  type BankWords,
  type OccurrenceFilter,
  type OptionWord,
} from './bank-words.js';
export { greList, isBasicWord, type GreListWord } from './gre-list.js';
