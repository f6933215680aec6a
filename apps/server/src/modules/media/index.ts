// The media module's face (decision 018): what other modules may use of it.
export { mediaModule } from './media.routes.js';
export { seedMedia } from './media.seed.js';
