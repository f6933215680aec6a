import { bigint, boolean, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A learner's word books (spec §2 wordbook/{bookID}); the first one is made on the first "add to my word book". */
export const wordBooks = pgTable(
  'word_books',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One name per learner: two parallel first adds both insert the default book ON CONFLICT DO NOTHING and share
  // one row. The index also serves "this learner's books" (user_id leads), so no separate user_id index.
  (t) => [uniqueIndex('word_books_user_name_uq').on(t.userId, t.name)],
);

/** Headwords in a word book; `simple` is the learner's "too easy" mark (/api/word/mark_simple). */
export const wordBookEntries = pgTable(
  'word_book_entries',
  {
    bookId: bigint('book_id', { mode: 'number' })
      .notNull()
      .references(() => wordBooks.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
    simple: boolean('simple').notNull().default(false),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bookId, t.word] })],
);
