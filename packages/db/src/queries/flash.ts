import { sql } from 'drizzle-orm';
import { flashCards, flashes } from '../schema/flash.js';

// A card's stage and misses live in its deck's row, by position (decision 036): these read them for a flash_cards
// row joined to its flashes row.

/** The card's stage (spec §4), on flash_cards joined to flashes. */
export const cardStage = sql<string>`${flashes.stages}[${flashCards.position} + 1]`;

/** The card's misses, on flash_cards joined to flashes. */
export const cardMisses = sql<number>`${flashes.misses}[${flashCards.position} + 1]`;
