// The tailor module's face (decision 018): tailored books, and the one writer of a learner's tailored-book uses.
export { tailorModule } from './tailor.routes.js';
export { changeTailorUses } from './tailor.service.js';
