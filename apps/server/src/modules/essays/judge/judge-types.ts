/** The shapes the built-in judge returns: what the job stores and the screens show. */
import type { EssayDimension } from '@gre/contracts';
import type { EssayPrompt, FeatureName, Features } from './features.js';
import type { Span } from './text.js';
import type { WordList } from './word-list.js';

/** The ETS Issue rubric's dimensions the comments speak to, as the contracts name them (ESSAY_DIMENSIONS). */
export type Dimension = EssayDimension;
export type Level = 'good' | 'fair' | 'weak';

/**
 * Degenerate input: `empty`, `not_english` and `prompt_copied` score 0 (as ETS scores a blank, non-English or copied
 * response); `too_short`, `repetitive` and `off_topic` score at most 1; `truncated` only says the judge read the
 * first MAX_WORDS words.
 */
export type JudgeFlag =
  'empty' | 'not_english' | 'prompt_copied' | 'too_short' | 'repetitive' | 'off_topic' | 'truncated';

export interface DimensionComment {
  dimension: Dimension;
  /** 立场, 论证, 例证, 结构, 语言. */
  label: string;
  level: Level;
  /** Chinese, plain text. */
  comment: string;
  /** The sentences (or words) the comment refers to: UTF-16 offsets into the essay, half-open [start, end). */
  ranges: Span[];
  /** The figures the comment was based on. */
  features: Partial<Features>;
}

export interface JudgeInput {
  essay: string;
  prompt: EssayPrompt;
  gre: WordList;
}

export interface JudgeResult {
  /** 0–6 in half points. */
  score: number;
  /** The range the score honestly stands for: score ± the held-out agreement's tolerance, within 0–6. */
  band: { low: number; high: number };
  flags: JudgeFlag[];
  /** One Chinese paragraph: the score, its band and any flag. */
  summary: string;
  /** One comment per dimension, in the rubric's order; empty for an essay judged by the rules alone. */
  dimensions: DimensionComment[];
  /** Every measured feature. */
  features: Features;
  /** What each model feature added to the score (GRE points); empty when the rules decided. */
  contributions: Partial<Record<FeatureName, number>>;
  /** How many words were judged (at most MAX_WORDS). */
  judged_words: number;
}
