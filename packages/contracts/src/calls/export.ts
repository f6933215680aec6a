import { z } from 'zod';
import { idSchema } from '../common.js';
import { defineCall } from '../define.js';
import { filterCategorySchema } from './questions.js';

/**
 * The learner's own data export (`/export`): questions as a printable PDF or a CSV table, word cards as a file Anki
 * imports, the whole account as JSON. Each is made by a job; the file is fetched with the learner's own token from
 * `GET /exports/:id/:file` (exportFilePath) and kept EXPORT_LIMITS.keepDays days.
 */

/** pdf and csv hold questions (EXPORT_PARTS); anki the word cards and word books; json the whole account. */
export const EXPORT_KINDS = ['pdf', 'csv', 'anki', 'json'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Queued → Running (progress 0–100) → Done, or Failed with the reason in `error`. */
export const EXPORT_STATUSES = ['Queued', 'Running', 'Done', 'Failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** Which of the learner's marked questions a pdf or csv holds: the personal pages' wrong, collected and noted. */
export const EXPORT_PARTS = ['wrongs', 'collect', 'note'] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** The kinds that hold questions and so need a scope. */
export const QUESTION_EXPORT_KINDS: readonly ExportKind[] = ['pdf', 'csv'];

export const EXPORT_LIMITS = {
  /** Exports of one learner waiting or running at once; another is refused (`conflict`) until one ends. */
  running: 2,
  /** Days a finished export's file is kept before the hourly cleanup removes it and its row. */
  keepDays: 7,
  /** Questions one pdf or csv holds at most (newest marked first): a printable book, not an archive. */
  questions: 1000,
  /** Exports listed: a week of them. */
  listed: 50,
} as const;

export const exportScopeSchema = z.strictObject({
  parts: z
    .array(z.enum(EXPORT_PARTS))
    .min(1)
    .max(EXPORT_PARTS.length)
    .refine((p) => new Set(p).size === p.length, 'each part once'),
  /** 0: every category; else one (1 filling, 2 reading, 3 math, 4 issue, 5 words). */
  category: filterCategorySchema.default(0),
});
export type ExportScope = z.infer<typeof exportScopeSchema>;

/** The file of an export: `/exports/<id>/<file_name>`, fetched with the `Authorization: Bearer` header. */
export const exportFilePath = (id: number, fileName: string) => `/exports/${id}/${encodeURIComponent(fileName)}`;

/** An export's file name: ASCII, so it is the same in every URL, header and file system. */
export const EXPORT_FILE_NAME = /^gre-[a-z]+-\d{8}-\d+\.(pdf|csv|txt|json)$/;

export const dataExportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  /** What a pdf or csv holds; null for anki and json. */
  scope: exportScopeSchema.nullable(),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Set once Done. */
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Why it failed, in Chinese for the learner; null otherwise. */
  error: z.string().nullable(),
  created_stamp: z.number().int(),
  finished_stamp: z.number().int().nullable(),
  /** When the file is removed (Unix seconds); null until Done. */
  expires_stamp: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const exportCalls = {
  create: defineCall({
    path: '/api/export/create',
    auth: 'user',
    summary:
      "Starts an export of the learner's own data (pdf / csv of wrong, collected or noted questions, anki cards, the account as json); at most EXPORT_LIMITS.running at once",
    request: z
      .strictObject({
        kind: z.enum(EXPORT_KINDS),
        scope: exportScopeSchema.optional(),
      })
      .refine((b) => QUESTION_EXPORT_KINDS.includes(b.kind) === (b.scope !== undefined), {
        message: 'pdf and csv name a scope; anki and json take none',
        path: ['scope'],
      }),
    response: z.object({ export: dataExportSchema }),
  }),
  list: defineCall({
    path: '/api/export/list',
    auth: 'user',
    summary: "The learner's exports of the last EXPORT_LIMITS.keepDays days, newest first, with status and progress",
    request: z.strictObject({}),
    response: z.object({ exports: z.array(dataExportSchema) }),
  }),
  get: defineCall({
    path: '/api/export/get',
    auth: 'user',
    summary: "One of the learner's exports; another user's id is not_found",
    request: z.strictObject({ id: idSchema }),
    response: z.object({ export: dataExportSchema }),
  }),
};
