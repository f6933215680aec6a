import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Downloadable study materials (the download page); files live under content/media. */
export const materials = pgTable(
  'materials',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** verbal, quant, writing, general. */
    category: text('category').notNull(),
    /** File name relative to the media folder. */
    file: text('file').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    pages: integer('pages').notNull().default(0),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('materials_position_idx').on(t.position)],
);

/** Explanation and course videos (video/{videoID}), streamed with range requests. */
export const videos = pgTable(
  'videos',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** explanation (of one question) or course. */
    kind: text('kind').notNull(),
    /** The question it explains, for `explanation` videos. */
    questionId: text('question_id'),
    file: text('file').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    /** Lowest role that may watch; null = every logged-in user. */
    minRole: text('min_role'),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('videos_question_idx').on(t.questionId)],
);
