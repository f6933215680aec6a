import type { CSSProperties } from 'react';
import { CJK_FONT_STACK, layout, palette, READING_FONT_STACK } from '../../theme';

/** Sizes the question screens add to the theme (ui.md: English in a serif at 17–18 px, line height ~1.7). */
export const questionSizes = {
  readingFontSize: 18,
  readingLineHeight: 1.7,
  /** ui.md: measure ≤ 75 characters. */
  readingMeasure: '75ch',
  explanationFontSize: 15,
  /** Marks, labels and letter badges. */
  smallFontSize: 13,
  /** Review headings and table text. */
  labelFontSize: 16,
  directionsFontSize: 15,
  letterBadge: 28,
  entryWidth: 168,
  fractionWidth: 120,
  /** The passage pane scrolls on its own inside this height on wide screens. */
  paneMaxHeight: '75vh',
  essayRows: 14,
} as const;

/**
 * The CSS custom properties `questions.css` reads, so colours and sizes come from the one theme file and the
 * stylesheet holds no literals of its own.
 */
export function questionCssVars(): CSSProperties {
  const vars: Record<string, string> = {
    '--gq-primary': palette.primary,
    '--gq-success': palette.success,
    '--gq-error': palette.error,
    '--gq-warning': palette.warning,
    '--gq-text': palette.text,
    '--gq-muted': palette.textMuted,
    '--gq-border': palette.border,
    '--gq-surface': palette.surface,
    '--gq-soft': palette.layoutBg,
    '--gq-reading-font': READING_FONT_STACK,
    '--gq-ui-font': CJK_FONT_STACK,
    '--gq-reading-size': `${questionSizes.readingFontSize}px`,
    '--gq-reading-line': String(questionSizes.readingLineHeight),
    '--gq-measure': questionSizes.readingMeasure,
    '--gq-explain-size': `${questionSizes.explanationFontSize}px`,
    '--gq-small-size': `${questionSizes.smallFontSize}px`,
    '--gq-label-size': `${questionSizes.labelFontSize}px`,
    '--gq-directions-size': `${questionSizes.directionsFontSize}px`,
    '--gq-touch': `${layout.touchTarget}px`,
    '--gq-gap': `${layout.gutter}px`,
    '--gq-gap-lg': `${layout.gutterLarge}px`,
    '--gq-badge': `${questionSizes.letterBadge}px`,
    '--gq-entry-width': `${questionSizes.entryWidth}px`,
    '--gq-fraction-width': `${questionSizes.fractionWidth}px`,
    '--gq-pane-max-height': questionSizes.paneMaxHeight,
  };
  return vars;
}
