import type { MouseEvent } from 'react';
import { OptionMarks } from './marks';
import { RichText, type WordClickHandler } from './rich-text';

export interface OptionItem {
  key: string;
  text: string;
}

interface OptionListProps {
  options: OptionItem[];
  chosen: readonly string[];
  /** Correct keys, in review when known. */
  correct: readonly string[] | null;
  /** Checkbox semantics (square) instead of radio (oval). */
  multiple: boolean;
  onPick: (key: string) => void;
  readOnly: boolean;
  review: boolean;
  /** Accessible name of the group. */
  label: string;
  /** Keys that cannot be picked now (six choose two with two chosen). */
  blocked?: (key: string) => boolean;
  /** Box-fill columns show plain words in cells; lists show a letter badge. */
  variant?: 'list' | 'cell';
  onWordClick?: WordClickHandler;
}

/**
 * A group of answer choices: ovals for one answer, squares for several (as on the test), letters A–I,
 * and in review the right answer and the learner's picks marked with icon and text.
 */
export function OptionList({
  options,
  chosen,
  correct,
  multiple,
  onPick,
  readOnly,
  review,
  label,
  blocked,
  variant = 'list',
  onWordClick,
}: OptionListProps) {
  return (
    <div role={multiple ? 'group' : 'radiogroup'} aria-label={label} className={`gq-options is-${variant}`}>
      {options.map((o) => {
        const isChosen = chosen.includes(o.key);
        const isCorrect = correct?.includes(o.key) ?? false;
        const isBlocked = !isChosen && (blocked?.(o.key) ?? false);
        const state = [
          'gq-option',
          multiple ? 'is-square' : 'is-oval',
          isChosen ? 'is-chosen' : '',
          review && correct && isCorrect ? 'is-correct' : '',
          review && correct && isChosen && !isCorrect ? 'is-wrong' : '',
          isBlocked ? 'is-blocked' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const onClick = (_e: MouseEvent<HTMLButtonElement>) => {
          if (!readOnly && !isBlocked) onPick(o.key);
        };
        return (
          <button
            key={o.key}
            type="button"
            role={multiple ? 'checkbox' : 'radio'}
            aria-checked={isChosen}
            aria-disabled={readOnly || isBlocked || undefined}
            className={state}
            onClick={onClick}
          >
            <span className="gq-badge">{o.key}</span>
            <RichText text={o.text} inline lang="en" onWordClick={onWordClick} className="gq-option-text" />
            {review && <OptionMarks correct={isCorrect} chosen={isChosen} known={correct !== null} />}
          </button>
        );
      })}
    </div>
  );
}
