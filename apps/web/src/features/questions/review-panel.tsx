import { isAnswered, isCorrect, type Answer, type QuestionView as QuestionData } from '@gre/contracts';
import type { ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { VerdictMark, type Verdict } from './marks';
import type { StandardAnswer } from './renderer-props';
import { RichText } from './rich-text';

const c = zh.questions;

type Shown = Pick<Answer, 'selects' | 'multi_selects' | 'text' | 'text2'>;

function OptionRef({ k, text }: { k: string; text: string }) {
  return (
    <span className="gq-answer-item">
      <strong>{k}</strong> <RichText text={text} inline lang="en" />
    </span>
  );
}

/** An answer written out for the review comparison, in the form the question asks for. */
export function describeAnswer(q: QuestionData, a: Shown): ReactNode {
  const groups = q.input_method.option_groups;
  const textOf = (g: number, key: string) => groups[g]?.options.find((o) => o.key === key)?.text ?? '';
  switch (q.input_method.kind) {
    case 'SingleOption':
      return a.selects[0] ? <OptionRef k={a.selects[0]} text={textOf(0, a.selects[0])} /> : null;
    case 'OneBoxFill':
    case 'TwoBoxFill':
    case 'ThreeBoxFill': {
      if (!a.selects.some(Boolean)) return null;
      return groups.map((_, g) => (
        <span key={g} className="gq-answer-item">
          ({c.roman[g]}) {a.selects[g] ? <OptionRef k={a.selects[g]} text={textOf(g, a.selects[g])} /> : c.blankEmpty}
        </span>
      ));
    }
    case 'MultiSelect':
    case 'SixChooseTwo':
      return a.multi_selects.length
        ? a.multi_selects.map((k) => <OptionRef key={k} k={k} text={textOf(0, k)} />)
        : null;
    case 'TextFill': {
      if (!a.text) return null;
      const { fill_prefix: pre, fill_suffix: suf } = q.input_method;
      return (
        <span className="gq-answer-item" lang="en">
          {[pre, a.text, suf].filter(Boolean).join(' ')}
        </span>
      );
    }
    case 'Fraction':
      if (!a.text && !a.text2) return null;
      return (
        <span className="gq-mini-fraction" role="img" aria-label={`${a.text || '?'}/${a.text2 || '?'}`}>
          <span>{a.text || '?'}</span>
          <span>{a.text2 || '?'}</span>
        </span>
      );
    case 'SelectSentence': {
      const i = Number(a.selects[0]);
      const sentence = a.selects[0] && Number.isInteger(i) ? q.passage?.sentences[i] : undefined;
      if (sentence === undefined) return null;
      return (
        <span className="gq-answer-item">
          <strong>{c.sentenceLabel(i + 1)}</strong> <RichText text={`“${sentence}”`} inline lang="en" />
        </span>
      );
    }
    case 'Word':
      return a.selects[0] ? (c.wordChoice[a.selects[0]] ?? null) : null;
    case 'Essay':
      return null;
  }
}

/** Right / wrong / unanswered; essays and word cards have no right answer, only answered or not. */
export function verdictOf(q: QuestionData, a: Answer, standard: StandardAnswer | null): Verdict {
  const kind = q.input_method.kind;
  if (!isAnswered(kind, a)) return 'unanswered';
  if (kind === 'Essay' || kind === 'Word' || !standard) return 'answered';
  return isCorrect({ input_method: q.input_method, standard_answer: standard }, a) ? 'right' : 'wrong';
}

/** Tag tones, as CSS classes of the plain tags in questions-review.css. */
type Tone = 'blue' | 'green' | 'volcano';

function TagRow({ label, items, tone }: { label: string; items: string[]; tone?: Tone }) {
  if (!items.length) return null;
  return (
    <div className="gq-tag-row">
      <span className="gq-tag-label">{label}</span>
      {items.map((t) => (
        <span key={t} className={`gq-tag${tone ? ` is-${tone}` : ''}`}>
          {t}
        </span>
      ))}
    </div>
  );
}

/** Why the server withheld a question's standard answer and analysis, when the screen knows it (an exam result). */
export interface Withheld {
  /** Said where the answer and the analysis would be, instead of the general note. */
  note: string;
  /** The grading the server did with the answer the screen does not have. */
  verdict?: Verdict;
}

/**
 * Review: the verdict (icon and word), the learner's answer beside the correct one, and the Chinese analysis with
 * key words, synonyms and antonyms — or a note that the answer or analysis is withheld from this viewer.
 */
export function ReviewPanel({
  question,
  answer,
  withheld,
}: {
  question: QuestionData;
  answer: Answer;
  withheld?: Withheld;
}) {
  const standard = question.standard_answer;
  const kind = question.input_method.kind;
  const verdict = (!standard && withheld?.verdict) || verdictOf(question, answer, standard);
  const held = question.answers_held ? c.review.heldInExam : null;
  const answerWithheld = withheld?.note ?? held ?? c.review.answerWithheld;
  const compare = kind !== 'Essay';
  const yours = describeAnswer(question, answer);
  const right = standard ? describeAnswer(question, standard) : null;
  return (
    <section className="gq-review" aria-label={c.review.analysis}>
      <div className="gq-review-head">
        <VerdictMark verdict={verdict} />
      </div>
      {compare && (
        <div className="gq-compare">
          <div className="gq-compare-cell">
            <div className="gq-compare-label">{c.review.yourAnswer}</div>
            <div className="gq-compare-value" data-testid="review-yours">
              {yours ?? c.review.unanswered}
            </div>
          </div>
          {kind !== 'Word' && (
            <div className="gq-compare-cell">
              <div className="gq-compare-label">{c.review.correctAnswer}</div>
              <div className="gq-compare-value" data-testid="review-correct">
                {standard ? (right ?? c.review.none) : <span className="gq-withheld">{answerWithheld}</span>}
              </div>
            </div>
          )}
        </div>
      )}
      {kind === 'Essay' && standard?.description && (
        <div className="gq-strong-points">
          <h4>{c.essayStrongPoints}</h4>
          <RichText text={standard.description} lang="zh" />
        </div>
      )}
      {kind === 'Essay' && !standard && <p className="gq-withheld">{answerWithheld}</p>}
      <div className="gq-analysis">
        <h4>{c.review.analysis}</h4>
        {question.analysis ? (
          <>
            <RichText text={question.analysis.text} lang="zh" />
            {/* A word's key words are its senses, already on the card. */}
            {kind !== 'Word' && <TagRow label={c.review.keyWords} items={question.analysis.key_words} tone="blue" />}
            <TagRow label={c.review.synonyms} items={question.analysis.synonyms} tone="green" />
            <TagRow label={c.review.antonyms} items={question.analysis.antonyms} tone="volcano" />
          </>
        ) : (
          <p className="gq-withheld">{withheld?.note ?? held ?? c.review.analysisWithheld}</p>
        )}
      </div>
    </section>
  );
}
