// The cards module's face (decision 018): flash-card decks, rounds, long-term review of words, and Craft.card.
export { cardsModule } from './cards.routes.js';
export { collectCard, type CraftCard } from './collect.js';
export { greBands, type GreBands } from './word-lists.js';
export { masteredWords } from './flash.service.js';
