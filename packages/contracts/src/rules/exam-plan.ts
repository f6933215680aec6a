import type { SimulateKind } from '../calls/exams.js';

/**
 * The shorter GRE (product.md): writing first, then Verbal and Quant. Seconds per section; the admin may change them
 * in the `exam_timing` setting, these are the defaults.
 */
export const EXAM_TIMING_DEFAULTS = {
  issue: 30 * 60,
  verbal1: 18 * 60,
  verbal2: 23 * 60,
  quant1: 21 * 60,
  quant2: 26 * 60,
  /** A practice exam (book or filter) gets this much per question when timed. */
  practicePerQuestion: 90,
} as const;
export type ExamTiming = { [K in keyof typeof EXAM_TIMING_DEFAULTS]: number };

/** The areas each simulate kind takes, in the order the test gives them (the essay always first). */
export const SIMULATE_AREAS: Record<SimulateKind, readonly ('issue' | 'verbal' | 'quant')[]> = {
  full: ['issue', 'verbal', 'quant'],
  full_no_issue: ['verbal', 'quant'],
  verbal: ['verbal'],
  quant: ['quant'],
  issue: ['issue'],
};

/**
 * How far one call may move the on-screen clock — an untimed (count-up) section's time and the time per question — so
 * a closed tab or a sleeping laptop costs at most this there. A timed section runs on the wall clock from when it
 * opened, closed tab or not, as in the real test (decision 015).
 */
export const HEARTBEAT_MAX_GAP_SECONDS = 20;
/** How often the exam screen beats. */
export const HEARTBEAT_INTERVAL_SECONDS = 10;
/** An answer this many seconds after the section's time is still taken (the request was in flight at zero). */
export const ANSWER_GRACE_SECONDS = 5;
