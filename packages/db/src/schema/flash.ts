import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Spec §3 Flash: a learner's deck of word cards. `round` holds the running round (its runtimes and cursor) so a deck
 * resumes where it was left, on any device; `round_index` counts rounds begun, which makes a replayed finish_round
 * recognisable. Coins spent are kept for the record (no refunds). Where each card stands — its stage and its misses,
 * by deck position — lives in this row too, so finishing a round writes one row (decision 036).
 */
export const flashes = pgTable(
  'flashes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('NotStart'),
    rangeKind: integer('range_kind').notNull(),
    scope: text('scope').notNull().default(''),
    allCardCount: integer('all_card_count').notNull(),
    roundIndex: integer('round_index').notNull().default(0),
    roundCount: integer('round_count').notNull().default(0),
    round: jsonb('round'),
    /** What the running round's cards show (the meanings offered, the prompts), apart from `round` so a finish skips it. */
    roundCards: jsonb('round_cards'),
    /** Each card's stage (spec §4), by deck position: `stages[position + 1]`. */
    stages: text('stages').array().notNull().default([]),
    /** Each card's misses, by deck position. */
    misses: integer('misses').array().notNull().default([]),
    gaveUp: boolean('gave_up').notNull().default(false),
    coinsSpent: integer('coins_spent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('flashes_user_idx').on(t.userId, t.createdAt),
    check('flashes_status_ck', sql`${t.status} in ('NotStart', 'Start', 'Finish')`),
    check('flashes_counts_ck', sql`${t.allCardCount} >= 0 and ${t.coinsSpent} >= 0`),
    check('flashes_round_ck', sql`(${t.round} is null) = (${t.roundCards} is null)`),
    check(
      'flashes_cards_ck',
      sql`cardinality(${t.stages}) = ${t.allCardCount} and cardinality(${t.misses}) = ${t.allCardCount}
        and ${t.stages} <@ array['NotSeen', 'Learn', 'Quiz', 'Exam', 'Master']`,
    ),
  ],
);

/** The cards of a deck: a word, its place in the deck and where it was found in the bank (its stage: flashes.stages). */
export const flashCards = pgTable(
  'flash_cards',
  {
    flashId: bigint('flash_id', { mode: 'number' })
      .notNull()
      .references(() => flashes.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** Deck order, 0-based. */
    position: integer('position').notNull(),
    sourceQid: text('source_qid'),
  },
  (t) => [primaryKey({ columns: [t.flashId, t.word] })],
);

/** Long-term review of mastered words (FSRS through ts-fsrs): one schedule per learner and word. */
export const cardReviews = pgTable(
  'card_reviews',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    /** The FSRS card (lib/fsrs.ts StoredSchedule). */
    schedule: jsonb('schedule').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sourceQid: text('source_qid'),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] }), index('card_reviews_due_idx').on(t.userId, t.dueAt)],
);

/** Words a learner looked up in a question (/word's "words I met"), one row per word and question. */
export const wordEncounters = pgTable(
  'word_encounters',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    questionId: text('question_id').notNull(),
    /** The sentence of the stem or passage the word was clicked in, cut by the server from the question. */
    sentence: text('sentence').notNull(),
    count: integer('count').notNull().default(1),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.word, t.questionId] }),
    index('word_encounters_recent_idx').on(t.userId, t.lastAt),
  ],
);
