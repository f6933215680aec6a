// The books module's face (decision 018): what other modules may use of it.
export { booksModule } from './books.routes.js';
export {
  bookCopies,
  commonShelfBooks,
  findBookTemplate,
  loadBook,
  mockTemplates,
  questionsInBook,
  type BookTemplateRow,
} from './books.service.js';
