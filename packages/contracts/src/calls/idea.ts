import { z } from 'zod';
import { str } from '../common.js';
import { defineCall } from '../define.js';
import { DIFFICULTIES } from '../enums.js';
import { QUESTION_PAGE_MAX, questionBriefSchema } from './questions.js';

export const ideaCalls = {
  list: defineCall({
    path: '/api/idea/list',
    auth: 'user',
    summary:
      'The Issue prompt library (写作思路): every prompt a member could open, locked ones listed without their stem for viewers below their tier',
    request: z.strictObject({
      /** Words to find in a prompt the viewer may open (stem and outline), or in the Chinese title of a locked one. */
      keyword: str(64, 2).optional(),
      difficulty: z.enum(DIFFICULTIES).optional(),
      page: z.number().int().min(1).max(1000).default(1),
      page_size: z.number().int().min(1).max(QUESTION_PAGE_MAX).default(QUESTION_PAGE_MAX),
    }),
    response: z.object({
      items: z.array(questionBriefSchema),
      total: z.number().int(),
      page: z.number().int(),
      page_size: z.number().int(),
    }),
  }),
};
