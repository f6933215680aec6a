import { zh } from '../../i18n/zh-CN.study';
import { countWords } from './answer-utils';
import type { RendererProps } from './renderer-props';

const c = zh.questions;

/** The contract's essay limit (12k characters). */
const ESSAY_MAX = 12_000;

/**
 * Issue essay: a plain editor as on the test — no spell check, no autocorrect, and no word count while an exam is
 * running (`showWordCount`); the count is shown in review.
 */
export function EssayInput({
  answer,
  change,
  readOnly,
  review,
  showWordCount,
}: RendererProps & { showWordCount: boolean }) {
  const count = countWords(answer.essay);
  return (
    <div className="gq-essay">
      {review ? (
        <div className="gq-essay-text" lang="en" aria-label={c.essayLabel}>
          {answer.essay || c.review.unanswered}
        </div>
      ) : (
        <textarea
          className="gq-essay-editor"
          aria-label={c.essayLabel}
          placeholder={c.essayPlaceholder}
          lang="en"
          spellCheck={false}
          autoCorrect="off"
          autoCapitalize="off"
          autoComplete="off"
          maxLength={ESSAY_MAX}
          rows={14}
          value={answer.essay}
          readOnly={readOnly}
          onChange={(e) => change({ ...answer, essay: e.target.value })}
        />
      )}
      {(review || showWordCount) && (
        <p className="gq-word-count" aria-live="polite">
          {c.wordCount(count)}
        </p>
      )}
    </div>
  );
}
