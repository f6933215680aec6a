import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * The study assistant's conversations (decision 030): the learner's alone, about one question (`question_id`) or
 * about their progress (null). Deleting one deletes its messages.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: text('question_id').references(() => questions.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    messages: integer('messages').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_conversations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * One message: the learner's, or the assistant's answer with the intent it read, who wrote it (the built-in
 * assistant or the model), its actions and sources. `withheld` marks an answer that declined to reveal what the
 * learner may not see (an exam running, an answer not theirs to see), for the staff's aggregate only.
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    /** Copied from the conversation so the usage aggregate and the day's count need no join. */
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    text: text('text').notNull(),
    intent: text('intent'),
    answeredBy: text('answered_by'),
    withheld: integer('withheld').notNull().default(0),
    actions: jsonb('actions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    sources: jsonb('sources')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The model's name when a model wrote the answer. */
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.id),
    index('assistant_messages_day_idx').on(t.createdAt),
    check('assistant_messages_role_check', sql`${t.role} in ('learner', 'assistant')`),
  ],
);
