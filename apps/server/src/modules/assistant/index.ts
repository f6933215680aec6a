// The assistant module's face (decision 018): the study assistant's calls.
export { assistantModule } from './assistant.routes.js';
