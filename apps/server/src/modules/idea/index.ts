// The idea module's face (decision 018): what other modules may use of it.
export { ideaModule } from './idea.routes.js';
