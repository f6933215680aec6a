/** The home feature's face: the `summary` query keys, which /analyze shares (its refresh invalidates the home figures too). */
export { summaryKeys } from './home-queries';
