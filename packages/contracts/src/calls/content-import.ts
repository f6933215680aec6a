import { z } from 'zod';
import { str } from '../common.js';
import { defineCall } from '../define.js';

/** A content package (all file texts together, UTF-8 bytes) may be at most 10 MB: the shipped bank with words is ≈ 3 MB. */
export const CONTENT_PACKAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Body limit of the two package calls: the package plus JSON-escaping headroom (quotes and newlines double). */
export const CONTENT_BODY_MAX_BYTES = 24 * 1024 * 1024;

/** Files one package may hold. */
export const CONTENT_FILES_MAX = 1000;

/**
 * Files a content folder holds that are tooling, not content: the folder reader (CLI, first-start seed) and the /sync
 * page both leave them out of a package. media.json is read by the media seed instead.
 */
export const CONTENT_TOOLING_FILES: readonly string[] = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'media.json',
];

/** Problems one response lists; `problem_count` still counts them all (the CLI prints every one). */
export const CONTENT_PROBLEMS_SHOWN = 5000;

export const contentFileSchema = z.strictObject({
  /** Path inside the package, e.g. 'bank/verbal/tc1.json'; '.json' or '.csv' decides how it is read. */
  name: str(200, 1),
  text: str(CONTENT_PACKAGE_MAX_BYTES),
});
export type ContentFile = z.infer<typeof contentFileSchema>;

export const contentPackageSchema = z.strictObject({ files: z.array(contentFileSchema).min(1).max(CONTENT_FILES_MAX) });

/** One problem of a package: the file, a JSON pointer (or 'row N' in a CSV) and what is wrong. */
export const contentProblemSchema = z.object({ file: z.string(), path: z.string(), message: z.string() });
export type ContentProblem = z.infer<typeof contentProblemSchema>;

export const contentSummarySchema = z.object({
  files: z.number().int(),
  passages: z.number().int(),
  questions: z.number().int(),
  words: z.number().int(),
  books: z.number().int(),
  book_items: z.number().int(),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const dryRunResultSchema = z.object({
  /** True when `import` would write this package as it is. */
  valid: z.boolean(),
  problems: z.array(contentProblemSchema),
  problem_count: z.number().int(),
  summary: contentSummarySchema,
  /** Files read but deliberately not imported (the look-up word list), with why. */
  skipped: z.array(z.object({ file: z.string(), reason: z.string() })),
});
export type DryRunResult = z.infer<typeof dryRunResultSchema>;

export const importResultSchema = z.object({
  summary: contentSummarySchema,
  /** Rows that did not exist before (the rest were updated in place). */
  created: z.object({ passages: z.number().int(), questions: z.number().int(), books: z.number().int() }),
  /** Book items dropped because a re-imported book no longer lists them. */
  removed_book_items: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const contentCalls = {
  dryRun: defineCall({
    path: '/api/content/dry_run',
    auth: 'admin',
    summary: 'Validate a content package and list every problem with file and JSON path; writes nothing',
    request: contentPackageSchema,
    response: dryRunResultSchema,
    maxBodyBytes: CONTENT_BODY_MAX_BYTES,
  }),
  import: defineCall({
    path: '/api/content/import',
    auth: 'admin',
    summary:
      'Import a valid content package in one transaction: upsert by id, replace the items of its books, refresh search text',
    request: contentPackageSchema,
    response: importResultSchema,
    maxBodyBytes: CONTENT_BODY_MAX_BYTES,
  }),
};
