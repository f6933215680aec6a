import { z } from 'zod';
import { str } from '../common.js';
import { defineCall } from '../define.js';
import { DIFFICULTIES } from '../enums.js';
import { ALL_QUESTION_KINDS, filterCategorySchema, questionBriefSchema } from './questions.js';

/**
 * Search (spec §2 /search): questions (stem, passage, options, explanation) and words, Chinese and English. A match
 * is shown with highlight ranges so the client never parses markup from the server.
 */
export const SEARCH_SCOPES = ['questions', 'words'] as const;

/** [start, end) offsets into `snippet` of one highlighted match. */
export const highlightSchema = z.tuple([z.number().int(), z.number().int()]);

export const searchCalls = {
  search: defineCall({
    path: '/api/search',
    auth: 'user',
    summary: 'Questions and words matching a query (full text + trigram), with filters and highlighted snippets',
    request: z.strictObject({
      q: str(64, 1),
      scope: z.enum(SEARCH_SCOPES).default('questions'),
      category: filterCategorySchema.default(0),
      kind: z.enum(ALL_QUESTION_KINDS).optional(),
      difficulty: z.enum(DIFFICULTIES).optional(),
      page: z.number().int().min(1).max(100).default(1),
      page_size: z.number().int().min(1).max(50).default(20),
    }),
    response: z.object({
      questions: z.array(
        z.object({
          question: questionBriefSchema,
          snippet: z.string(),
          highlights: z.array(highlightSchema),
          field: z.enum(['stem', 'passage', 'options', 'analysis']),
        }),
      ),
      /** `highlights` are offsets into `word` or into `translation`, as `field` says; `question_id` opens the word card. */
      words: z.array(
        z.object({
          question_id: z.string(),
          word: z.string(),
          phonetic: z.string(),
          translation: z.string(),
          highlights: z.array(highlightSchema),
          field: z.enum(['word', 'translation']),
        }),
      ),
      total: z.number().int(),
      /** More matches than the search counts exactly (see the big bank's keyword cap). */
      capped: z.boolean(),
    }),
  }),
};
