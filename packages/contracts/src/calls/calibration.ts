import { z } from 'zod';
import { defineCall } from '../define.js';
import { DIFFICULTIES } from '../enums.js';
import { QUESTION_KINDS } from '../content/question.js';

export const CALIBRATION_PAGE_MAX = 100;
/** More than the bank will hold for years; the file stays one download. */
export const CALIBRATION_EXPORT_MAX = 50_000;

const GRADED_KINDS = [...QUESTION_KINDS.filling, ...QUESTION_KINDS.reading, ...QUESTION_KINDS.math] as const;

/** One question's calibration as operators read it (docs/calibration.md). */
export const calibrationRowSchema = z.object({
  question_id: z.string(),
  kind: z.string(),
  brief: z.string(),
  /** The author's label: the model's prior. */
  author_difficulty: z.enum(DIFFICULTIES),
  /** What learners see now. */
  shown_difficulty: z.enum(DIFFICULTIES),
  /** The label the data give; null below `CALIBRATION.minResponses` answers. */
  data_difficulty: z.enum(DIFFICULTIES).nullable(),
  /** First graded answers of distinct learners. */
  responses: z.number().int(),
  p_correct: z.number(),
  median_seconds: z.number(),
  /** Fitted difficulty in logits, with its standard error. */
  b: z.number(),
  se: z.number(),
  calibrated_stamp: z.number().int(),
});
export type CalibrationRow = z.infer<typeof calibrationRowSchema>;

const runSummarySchema = z.object({
  /** Questions with at least one answer, now calibrated. */
  questions: z.number().int(),
  /** Of them, with enough answers for the data to decide. */
  decided: z.number().int(),
  /** Answers the fit read. */
  responses: z.number().int(),
  calibrated_stamp: z.number().int(),
});

/**
 * The decided difficulties of the live bank as a file (`content/calibration.json`): `npm run build-mocks -w content`
 * places questions in the mocks' section-2 variants by these instead of the author's labels.
 */
export const calibrationFileSchema = z.strictObject({
  exported_stamp: z.number().int(),
  min_responses: z.number().int(),
  items: z
    .array(
      z.strictObject({
        question_id: z.string().max(64),
        author_difficulty: z.enum(DIFFICULTIES),
        data_difficulty: z.enum(DIFFICULTIES),
        responses: z.number().int(),
        b: z.number(),
      }),
    )
    .max(CALIBRATION_EXPORT_MAX),
});
export type CalibrationFile = z.infer<typeof calibrationFileSchema>;

export const calibrationCalls = {
  list: defineCall({
    path: '/api/calibration/list',
    auth: 'operator',
    summary:
      'Questions with their author label, the difficulty the answers give (Rasch), percent right and median time; disagreements first',
    request: z.strictObject({
      /** Only questions whose data label differs from the author's. */
      disagree_only: z.boolean().default(false),
      kind: z.enum(GRADED_KINDS).optional(),
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(CALIBRATION_PAGE_MAX).default(20),
    }),
    response: z.object({
      items: z.array(calibrationRowSchema),
      total: z.number().int(),
      /** The last run's summary; null before the first run. */
      last_run: runSummarySchema.nullable(),
      min_responses: z.number().int(),
    }),
  }),
  export: defineCall({
    path: '/api/calibration/export',
    auth: 'operator',
    summary: 'Every question whose difficulty the answers decide, as content/calibration.json for rebuilding the mocks',
    request: z.strictObject({}),
    response: calibrationFileSchema,
  }),
  run: defineCall({
    path: '/api/calibration/run',
    auth: 'operator',
    summary: 'Fits the difficulty model on every first graded answer now (the hourly job does the same)',
    request: z.strictObject({}),
    response: runSummarySchema.extend({
      /** Questions whose shown difficulty changed in this run. */
      changed: z.number().int(),
    }),
  }),
};
