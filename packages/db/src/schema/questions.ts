import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Reading passages, stored once and shared by their questions. */
export const passages = pgTable('passages', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull().default(''),
  text: text('text').notNull(),
  translate: text('translate').notNull().default(''),
  core: text('core').notNull().default(''),
  /** Explicit sentence split when given by the content; null means split the text. */
  sentences: jsonb('sentences').$type<string[] | null>(),
  /** GRE list words in the text (the contracts' WordConnect shape), computed at import for highlighting. */
  wordConnect: jsonb('word_connect').$type<{ id: string; headword: string; forms: string[] }[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The bank (spec §3 Question). JSON columns hold the nested shapes exactly as the contracts define them. */
export const questions = pgTable(
  'questions',
  {
    /** 'q…' questions, 'w…' words. */
    id: text('id').primaryKey(),
    category: smallint('category').notNull(),
    kind: text('kind').notNull(),
    /** The difficulty learners see and mocks route by: the data's once calibrated (docs/calibration.md), else the author's. */
    difficulty: text('difficulty').notNull(),
    /** The author's label (content files, the editor): the calibration's prior, which an import may change. */
    authorDifficulty: text('author_difficulty').notNull().default('medium'),
    groupId: text('group_id'),
    passageId: text('passage_id').references(() => passages.id),
    description: text('description').notNull().default(''),
    inquiry: text('inquiry').notNull(),
    quantityA: text('quantity_a'),
    quantityB: text('quantity_b'),
    media: jsonb('media').notNull().default([]),
    inputMethod: jsonb('input_method').notNull(),
    standardAnswer: jsonb('standard_answer').notNull(),
    analysis: jsonb('analysis').notNull(),
    topic: text('topic'),
    tags: text('tags').array().notNull().default([]),
    visibility: text('visibility').notNull().default('public'),
    brief: text('brief').notNull().default(''),
    sourceNames: text('source_names').array().notNull().default([]),
    /** Spec §3 manual_mark: flags set by content authors and staff ({ highlight, needs_fix }). */
    manualMark: jsonb('manual_mark')
      .$type<{ highlight: boolean; needs_fix: boolean }>()
      .notNull()
      .default({ highlight: false, needs_fix: false }),
    originId: text('origin_id'),
    /** The question's discussion thread (posts.topic_id): a number every question gets when it is stored. */
    topicId: bigint('topic_id', { mode: 'number' }).notNull().unique().generatedByDefaultAsIdentity(),
    wordInfo: jsonb('word_info'),
    supportTranslate: boolean('support_translate').notNull().default(false),
    cardLearn: boolean('card_learn').notNull().default(false),
    /** Stem, options, passage and explanation flattened for full-text and trigram search. */
    searchText: text('search_text').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_passage_idx').on(t.passageId),
    /** The big bank's tag filter (`tags @> array[tag]`) when the tag is rare. */
    index('questions_tags_idx').using('gin', t.tags),
    // Written by hand because drizzle-kit cannot express them: the pg_trgm index on search_text (migration 0005), and
    // the big bank's list index (migration 0008) `questions_bank_idx` on (category, id) INCLUDE (visibility, kind,
    // difficulty, topic, tags), which walks pages in list order reading the index alone, and the search's word prefix
    // index (migration 0011) `questions_word_prefix_idx` on lower(inquiry) text_pattern_ops where category = 5.
  ],
);

/**
 * The Rasch calibration of a question (docs/calibration.md), rewritten whole by each run: the first graded answers
 * of distinct learners it rests on, their share right and median seconds, the fitted logit b with its standard error,
 * and the label the data give (null below the minimum number of answers).
 */
export const questionCalibration = pgTable('question_calibration', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  responses: integer('responses').notNull(),
  pCorrect: doublePrecision('p_correct').notNull(),
  medianSeconds: doublePrecision('median_seconds').notNull(),
  b: doublePrecision('b').notNull(),
  se: doublePrecision('se').notNull(),
  dataDifficulty: text('data_difficulty'),
  calibratedAt: timestamp('calibrated_at', { withTimezone: true }).notNull(),
});

/**
 * How many questions each combination of the big bank's filters holds, kept exact by statement triggers on
 * `questions` (migration 0008), so a page's `total` is a sum over a few rows instead of a count over the bank.
 * `tag` '' counts every question; a tag's rows count the questions carrying it. `topic` '' stands for none.
 */
export const questionCounts = pgTable(
  'question_counts',
  {
    tag: text('tag').notNull().default(''),
    category: smallint('category').notNull(),
    visibility: text('visibility').notNull(),
    kind: text('kind').notNull(),
    difficulty: text('difficulty').notNull(),
    topic: text('topic').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.category, t.visibility, t.kind, t.difficulty, t.topic] })],
);

/** Content-side book definitions (spec §3 Book.template); what a learner opens is a `user_books` row. */
export const bookTemplates = pgTable(
  'book_templates',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    /** pick, best, season, higher, archived_pick, archived_six_two, math2, mock. */
    kind: text('kind').notNull(),
    kind2: text('kind2').notNull().default(''),
    kind3: text('kind3').notNull().default(''),
    kind4: text('kind4').notNull().default(''),
    param: jsonb('param').notNull().default({}),
    label: text('label').notNull().default(''),
    /** hide, forbid, lock, prevent, free (product.md). */
    access: text('access').notNull().default('free'),
    /** Lowest role that may open a `lock` book before its unlock date. */
    minRole: text('min_role'),
    unlockAt: timestamp('unlock_at', { withTimezone: true }),
    /** Readers of this book see its `underground` questions, which appear nowhere else. */
    grantsUnderground: boolean('grants_underground').notNull().default(false),
    tailor: jsonb('tailor').notNull().default({}),
    hide: boolean('hide').notNull().default(false),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_templates_kind_idx').on(t.kind, t.position)],
);

/** Ordered questions of a book; mocks use `section` ('v1', 'v2-easy', 'q2-hard', 'issue'…). */
export const bookItems = pgTable(
  'book_items',
  {
    bookId: text('book_id')
      .notNull()
      .references(() => bookTemplates.id, { onDelete: 'cascade' }),
    section: text('section').notNull().default(''),
    position: integer('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id),
  },
  (t) => [
    primaryKey({ columns: [t.bookId, t.section, t.position] }),
    index('book_items_question_idx').on(t.questionId),
  ],
);

/** A learner's copy of a book: its status and the exam it runs in (spec §3 Book: user_id, exam_id, status, limit). */
export const userBooks = pgTable(
  'user_books',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => bookTemplates.id),
    examId: bigint('exam_id', { mode: 'number' }),
    /** NotOpen, Start, Finish, Expired. */
    status: text('status').notNull().default('NotOpen'),
    limit: integer('limit').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_books_user_idx').on(t.userId, t.templateId)],
);
