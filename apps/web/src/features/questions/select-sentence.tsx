import { zh } from '../../i18n/zh-CN.study';
import type { RendererProps } from './renderer-props';
import { RichText } from './rich-text';

const c = zh.questions;

/**
 * The question side of select-in-passage: the sentences themselves are chosen in the passage pane; here the learner
 * sees which one is chosen.
 */
export function SelectSentenceInput({ question, answer, readOnly, review }: RendererProps) {
  // Review compares the chosen and the right sentence in the review panel.
  if (review) return null;
  const i = answer.selects[0] ? Number(answer.selects[0]) : null;
  const sentence = i !== null ? question.passage?.sentences[i] : undefined;
  return (
    <div className="gq-select-sentence">
      {!readOnly && (
        <p className="gq-hint">
          <span className="gq-hint-wide">{c.selectSentenceHint}</span>
          <span className="gq-hint-narrow">{c.selectSentenceHintStacked}</span>
        </p>
      )}
      <div className="gq-chosen-sentence" aria-live="polite">
        <span className="gq-compare-label">{c.selectedSentence}</span>
        {sentence !== undefined && i !== null ? (
          <span>
            <strong>{c.sentenceLabel(i + 1)}</strong> <RichText text={`“${sentence}”`} inline lang="en" />
          </span>
        ) : (
          <span className="gq-muted">{c.noSentenceChosen}</span>
        )}
      </div>
    </div>
  );
}
