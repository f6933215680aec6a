import type { QuestionView as QuestionData } from '@gre/contracts';
import { useState } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import type { RendererProps } from './renderer-props';
import { RichText } from './rich-text';

const c = zh.questions;

/** ECDICT writes sense breaks as the two characters "\n"; they display as line breaks. */
const senses = (s: string) => s.replace(/\\n/g, '\n');

/**
 * The phonetic of a word question: its `description` when set, otherwise the "音标：/…/" line the word import
 * writes at the top of the explanation.
 */
export function wordPhonetic(q: Pick<QuestionData, 'description' | 'analysis'>): string {
  if (q.description.trim()) return q.description.trim().replace(/^\/|\/$/g, '');
  return /^音标：\/(.+)\/$/m.exec(q.analysis?.text ?? '')?.[1] ?? '';
}

/** The Chinese meaning on the back: the standard answer's senses when sent, else the one-line brief. */
export function wordMeaning(q: Pick<QuestionData, 'standard_answer' | 'brief'>): string {
  return senses(q.standard_answer?.description || q.brief);
}

/**
 * A word card: the headword (`inquiry`) and its phonetic on the front; flipped, the Chinese meaning; the learner
 * answers know / don't know (`selects: ['know' | 'unknown']`).
 */
export function WordCardInput({ question, answer, change, readOnly, review, onWordClick }: RendererProps) {
  const [flipped, setFlipped] = useState(false);
  const phonetic = wordPhonetic(question);
  const meaning = wordMeaning(question);
  const showBack = (flipped || review) && meaning !== '';
  const choice = answer.selects[0];
  return (
    <div className={`gq-word-card${showBack ? ' is-flipped' : ''}`}>
      <div className="gq-word-head" lang="en">
        <RichText text={question.inquiry} inline onWordClick={onWordClick} />
      </div>
      {phonetic && (
        <div className="gq-word-phonetic" lang="en">
          {c.wordPhonetic(phonetic)}
        </div>
      )}
      {showBack && (
        <section className="gq-word-back" aria-label={c.wordMeaning}>
          <RichText text={meaning} lang="zh" />
        </section>
      )}
      {!review && meaning !== '' && (
        <button
          type="button"
          onClick={() => setFlipped((f) => !f)}
          aria-expanded={flipped}
          className="gq-link-button gq-word-flip"
        >
          {flipped ? c.wordFlipBack : c.wordFlip}
        </button>
      )}
      {!readOnly && (
        <div className="gq-word-actions">
          <button
            type="button"
            className={`gq-button${choice === 'know' ? ' is-primary' : ''}`}
            aria-pressed={choice === 'know'}
            onClick={() => change({ ...answer, selects: ['know'] })}
          >
            {c.wordKnow}
          </button>
          <button
            type="button"
            className={`gq-button${choice === 'unknown' ? ' is-primary' : ''}`}
            aria-pressed={choice === 'unknown'}
            onClick={() => change({ ...answer, selects: ['unknown'] })}
          >
            {c.wordUnknown}
          </button>
        </div>
      )}
    </div>
  );
}
