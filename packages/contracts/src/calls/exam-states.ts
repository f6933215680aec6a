/** The exam's states and kinds (spec §4, §9), apart from the call shapes in exams.ts, which re-exports them. */
/** Spec §4 exam status: NotStart (created) → Start → PartCompleted (a section finished) → Finished; Close = removed by the learner. */
export const EXAM_STATUSES = ['NotStart', 'Start', 'PartCompleted', 'Finished', 'Close'] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];

/** Spec §4 question state inside an exam. */
export const QUESTION_STATES = ['NotEncountered', 'NotAnswered', 'Answered'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

/** Spec §2 exam stages, shown by the client: derived from the status and the current section, never stored. */
export const EXAM_STAGES = ['StartIntro', 'InExam', 'EndIntro', 'Review', 'Result'] as const;
export type ExamStage = (typeof EXAM_STAGES)[number];

/** Spec §9 simulate kinds: full; full without essay; verbal only; quant only; essay only. */
export const SIMULATE_KINDS = ['full', 'full_no_issue', 'verbal', 'quant', 'issue'] as const;
export type SimulateKind = (typeof SIMULATE_KINDS)[number];

/** What an exam was made from. */
export const EXAM_KINDS = ['book', 'filter', 'simulate', 'personal'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

/** The part of the test a section belongs to: the scaled scores are per area. */
export const SECTION_AREAS = ['issue', 'verbal', 'quant', 'practice'] as const;
export type SectionArea = (typeof SECTION_AREAS)[number];

/** A quant filter exam may keep to one question family (spec create_option.math_create_kind). */
export const MATH_CREATE_KINDS = ['any', 'comparison', 'solving'] as const;

/** Most questions a filter exam draws; a book exam takes the whole book. */
export const FILTER_EXAM_MAX = 50;
