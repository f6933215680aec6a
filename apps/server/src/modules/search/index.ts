// The search module's face (decision 018): what other modules may use of it.
export { searchModule } from './search.routes.js';
