import type { Answer, QuestionView as QuestionData } from '@gre/contracts';
import { useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { answerForNumber, sanitizeEntry } from './answer-utils';
import { BoxFillInput } from './blank-fill';
import { MultiChoiceInput, QuantityColumns, SingleOptionInput } from './choice-renderers';
import { FractionInput, TextFillInput } from './entry-inputs';
import { EssayInput } from './essay-input';
import { MediaList } from './media';
import { PassagePane, type SentencePick } from './passage-pane';
import type { RendererProps } from './renderer-props';
import { ReviewPanel, type Withheld } from './review-panel';
import { RichText, type WordClickHandler } from './rich-text';
import { SelectSentenceInput } from './select-sentence';
import { questionCssVars } from './tokens';
import { WordCardInput } from './word-card';
import './questions.css';
import './questions-media.css';
import './questions-review.css';

const c = zh.questions;

/** What a parent can do to a rendered question (the exam calculator's "Transfer Display"). */
export interface QuestionViewHandle {
  /** Puts the calculator's display into a numeric entry box under the entry rules; false when this question has none or it is read-only. */
  transferDisplay(value: string): boolean;
  /** Moves focus into the question so number keys reach it. */
  focus(): void;
}

export interface QuestionViewProps {
  question: QuestionData;
  /** The learner's current answer (answer mode). */
  answer: Answer;
  /** Receives every change as a whole new Answer; leave out for a read-only view. */
  onAnswer?: (answer: Answer) => void;
  mode: 'answer' | 'review';
  /** Shown but not changeable (time up, submitted). */
  disabled?: boolean;
  /** The learner's answer to show in review; `answer` when absent. */
  reviewAnswer?: Answer;
  /** Click-a-word look-up in the passage, stem and options. */
  onWordClick?: WordClickHandler;
  /** Essays: show the live word count while writing (off in an exam, as on the test). */
  showWordCount?: boolean;
  /** Review with the standard answer and analysis withheld: why, said where they would be, and the server's verdict. */
  withheld?: Withheld;
  ref?: Ref<QuestionViewHandle>;
}

const BOX_FILLS = new Set(['OneBoxFill', 'TwoBoxFill', 'ThreeBoxFill']);

function InputFor(props: RendererProps & { showWordCount: boolean }) {
  switch (props.question.input_method.kind) {
    case 'SingleOption':
      return <SingleOptionInput {...props} />;
    case 'OneBoxFill':
    case 'TwoBoxFill':
    case 'ThreeBoxFill':
      return <BoxFillInput {...props} />;
    case 'MultiSelect':
    case 'SixChooseTwo':
      return <MultiChoiceInput {...props} />;
    case 'TextFill':
      return <TextFillInput {...props} />;
    case 'Fraction':
      return <FractionInput {...props} />;
    case 'SelectSentence':
      return <SelectSentenceInput {...props} />;
    case 'Essay':
      return <EssayInput {...props} />;
    case 'Word':
      return <WordCardInput {...props} />;
  }
}

/**
 * One question of any of the 11 input kinds (spec §9), for answering or for review. Reading questions get the
 * test's split view (passage left, scrolling on its own; stacked on phones). Number keys 1–9 pick options while the
 * question has focus.
 */
export function QuestionView({
  question,
  answer,
  onAnswer,
  mode,
  disabled,
  reviewAnswer,
  onWordClick,
  showWordCount = false,
  withheld,
  ref,
}: QuestionViewProps) {
  const review = mode === 'review';
  const shown = review ? (reviewAnswer ?? answer) : answer;
  const readOnly = review || Boolean(disabled) || !onAnswer || !question.accessable;
  const standard = review ? question.standard_answer : null;
  const kind = question.input_method.kind;
  const rootRef = useRef<HTMLDivElement>(null);
  const change = (a: Answer) => {
    if (!readOnly) onAnswer?.(a);
  };

  useImperativeHandle(ref, () => ({
    transferDisplay(value: string) {
      if (readOnly || kind !== 'TextFill') return false;
      const text = sanitizeEntry(value, true);
      if (!/\d/.test(text)) return false;
      onAnswer?.({ ...answer, text });
      return true;
    },
    focus() {
      rootRef.current?.focus();
    },
  }));

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (readOnly || e.altKey || e.ctrlKey || e.metaKey || !/^[1-9]$/.test(e.key)) return;
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, [contenteditable="true"]')) return;
    const next = answerForNumber(question, answer, Number(e.key));
    if (!next) return;
    e.preventDefault();
    change(next);
  };

  // While answering, a click on a choice or on a selectable sentence answers; look-ups there wait for review.
  const choiceWords = readOnly ? onWordClick : undefined;
  const props: RendererProps & { showWordCount: boolean } = {
    question,
    answer: shown,
    change,
    readOnly,
    review,
    standard,
    onWordClick: choiceWords,
    showWordCount,
  };
  const quantities = question.quantity_a !== null && question.quantity_b !== null;

  const body = (
    <div className="gq-question">
      {question.description && kind !== 'Word' && (
        <p className="gq-directions" lang="en">
          {question.description}
        </p>
      )}
      {!question.accessable ? (
        <>
          <RichText text={question.inquiry} lang="en" className="gq-stem" onWordClick={onWordClick} />
          <p className="gq-withheld">{c.lockedStem}</p>
        </>
      ) : (
        <>
          {/* Comparison: the given information is centered above the two quantities, as on the test. */}
          {!BOX_FILLS.has(kind) && kind !== 'Word' && (
            <RichText
              text={question.inquiry}
              lang="en"
              className={quantities ? 'gq-stem is-centered' : 'gq-stem'}
              onWordClick={onWordClick}
            />
          )}
          <MediaList media={question.media} />
          {quantities && (
            <QuantityColumns a={question.quantity_a ?? ''} b={question.quantity_b ?? ''} onWordClick={onWordClick} />
          )}
          <InputFor {...props} />
          {review && <ReviewPanel question={question} answer={shown} withheld={withheld} />}
        </>
      )}
    </div>
  );

  let pick: SentencePick | null = null;
  if (kind === 'SelectSentence' && question.accessable) {
    const chosen = shown.selects[0] ? Number(shown.selects[0]) : null;
    const correct = standard?.selects[0] ? Number(standard.selects[0]) : null;
    pick = { chosen, correct, onChoose: (i) => change({ ...answer, selects: [String(i)] }), readOnly, review };
  }

  return (
    <div
      ref={rootRef}
      className="gq-root"
      style={questionCssVars()}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-kind={kind}
      // The click-a-word popover keeps a look-up with the question it was made in (/word's 查词记录).
      data-question-id={question.id}
    >
      {question.passage ? (
        <div className="gq-split">
          <section className="gq-pane gq-pane-passage" aria-label={c.passageLabel}>
            <PassagePane
              passage={question.passage}
              pick={pick}
              supportTranslate={question.support_translate}
              review={review}
              onWordClick={pick ? choiceWords : onWordClick}
            />
          </section>
          <section className="gq-pane gq-pane-question">{body}</section>
        </div>
      ) : (
        body
      )}
    </div>
  );
}
