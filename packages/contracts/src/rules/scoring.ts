import type { DIFFICULTIES } from '../enums.js';

/**
 * Section-adaptive scoring of a simulated exam (product.md; the full table and its reasoning are in docs/scoring.md).
 * Verbal and Quant each have a 12-question section 1 and a 15-question section 2 whose level the section-1 raw score
 * picks. The scaled score (130–170) reads the total raw score on the line of the section-2 level that was given.
 */
export type Level = (typeof DIFFICULTIES)[number];

export const SECTION1_SIZE = 12;
export const SECTION2_SIZE = 15;
export const RAW_MAX = SECTION1_SIZE + SECTION2_SIZE;

/** Section-1 raw score → section-2 level: 0–4 easy, 5–8 medium, 9–12 hard. */
export function section2Level(section1Raw: number): Level {
  if (section1Raw >= 9) return 'hard';
  if (section1Raw >= 5) return 'medium';
  return 'easy';
}

/**
 * Each level's line: the lowest and highest total raw score that level can see (a hard section 2 needs 9 in
 * section 1) and the scaled scores at those ends. The lines overlap so a strong run on an easier section 2 still
 * scores below the same raw total on a harder one, as on the real test.
 */
export const LEVEL_LINES: Record<Level, { rawMin: number; rawMax: number; low: number; high: number }> = {
  easy: { rawMin: 0, rawMax: 4 + SECTION2_SIZE, low: 130, high: 152 },
  medium: { rawMin: 5, rawMax: 8 + SECTION2_SIZE, low: 141, high: 163 },
  hard: { rawMin: 9, rawMax: RAW_MAX, low: 150, high: 170 },
};

/** How far either way the scaled score may honestly be: one 27-question mock measures to about ±3 points. */
export const SCORE_BAND = 3;

export function scaledScore(level: Level, rawTotal: number): number {
  const line = LEVEL_LINES[level];
  const raw = Math.min(line.rawMax, Math.max(line.rawMin, Math.round(rawTotal)));
  return Math.round(line.low + ((line.high - line.low) * (raw - line.rawMin)) / (line.rawMax - line.rawMin));
}

export function scoreBand(scaled: number): { low: number; high: number } {
  return { low: Math.max(130, scaled - SCORE_BAND), high: Math.min(170, scaled + SCORE_BAND) };
}

/** The conversion table as printed in docs/scoring.md: raw total → scaled, per level (null where unreachable). */
export function conversionTable(): { raw: number; easy: number | null; medium: number | null; hard: number | null }[] {
  return Array.from({ length: RAW_MAX + 1 }, (_, raw) => {
    const at = (l: Level) =>
      raw >= LEVEL_LINES[l].rawMin && raw <= LEVEL_LINES[l].rawMax ? scaledScore(l, raw) : null;
    return { raw, easy: at('easy'), medium: at('medium'), hard: at('hard') };
  });
}

export const INTERPRET_LEVELS = ['top', 'strong', 'solid', 'developing', 'foundation'] as const;
export type InterpretLevel = (typeof INTERPRET_LEVELS)[number];

/** Which interpretation a scaled score gets: 165+ top, 158+ strong, 150+ solid, 142+ developing, below foundation. */
export function interpretLevel(scaled: number): InterpretLevel {
  if (scaled >= 165) return 'top';
  if (scaled >= 158) return 'strong';
  if (scaled >= 150) return 'solid';
  if (scaled >= 142) return 'developing';
  return 'foundation';
}
