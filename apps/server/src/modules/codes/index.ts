// The codes module's face (decision 018): discount codes; the pay module takes and gives back their uses.
export { codesModule } from './codes.routes.js';
export { checkCode, codeResultFor, releaseCode, takeCode, type TakenCode } from './codes.service.js';
