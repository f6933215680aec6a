import type { PassageView } from '@gre/contracts';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { OptionMarks } from './marks';
import { RichText, type WordClickHandler } from './rich-text';

const c = zh.questions;

/** Select-in-passage state: which sentence is chosen, which is right (review), and how to choose. */
export interface SentencePick {
  chosen: number | null;
  correct: number | null;
  onChoose: (index: number) => void;
  readOnly: boolean;
  review: boolean;
}

const splitParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * Groups the passage's sentences (the same list SelectSentence indexes) under the paragraph each starts in, so
 * select-in-passage keeps the passage's paragraph structure.
 */
export function sentencesByParagraph(text: string, sentences: readonly string[]): number[][] {
  const starts: number[] = [0];
  for (const m of text.matchAll(/\n\s*\n/g)) starts.push(m.index + m[0].length);
  const out: number[][] = starts.map(() => []);
  let cursor = 0;
  let para = 0;
  sentences.forEach((s, i) => {
    const at = text.indexOf(s, cursor);
    if (at >= 0) {
      cursor = at + s.length;
      while (para + 1 < starts.length && starts[para + 1]! <= at) para += 1;
    }
    out[para]!.push(i);
  });
  return out.filter((p) => p.length > 0);
}

function SentenceParagraphs({
  passage,
  pick,
  onWordClick,
}: {
  passage: PassageView;
  pick: SentencePick;
  onWordClick?: WordClickHandler;
}) {
  const paragraphs = useMemo(
    () => sentencesByParagraph(passage.text, passage.sentences),
    [passage.text, passage.sentences],
  );
  const [focus, setFocus] = useState<number>(pick.chosen ?? 0);
  const refs = useRef<(HTMLSpanElement | null)[]>([]);
  const count = passage.sentences.length;
  const move = (to: number) => {
    const next = (to + count) % count;
    setFocus(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') move(i + 1);
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(count - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (!pick.readOnly) pick.onChoose(i);
    } else return;
    e.preventDefault();
  };
  return (
    <div role="radiogroup" aria-label={c.passageLabel} className="gq-passage-body is-selectable">
      {paragraphs.map((idx, p) => (
        <p key={p}>
          {idx.map((i) => {
            const chosen = pick.chosen === i;
            const correct = pick.correct === i;
            const cls = [
              'gq-sentence',
              chosen ? 'is-chosen' : '',
              pick.review && correct ? 'is-correct' : '',
              pick.review && chosen && pick.correct !== null && !correct ? 'is-wrong' : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <span key={i}>
                <span
                  ref={(el) => {
                    refs.current[i] = el;
                  }}
                  role="radio"
                  aria-checked={chosen}
                  aria-disabled={pick.readOnly || undefined}
                  tabIndex={i === focus ? 0 : -1}
                  className={cls}
                  onClick={() => {
                    setFocus(i);
                    if (!pick.readOnly) pick.onChoose(i);
                  }}
                  onKeyDown={onKeyDown(i)}
                >
                  <RichText text={passage.sentences[i] ?? ''} inline lang="en" onWordClick={onWordClick} />
                  {pick.review && (chosen || correct) && (
                    <OptionMarks correct={correct} chosen={chosen} known={pick.correct !== null} />
                  )}
                </span>{' '}
              </span>
            );
          })}
        </p>
      ))}
    </div>
  );
}

/**
 * A reading passage with its paragraphs; sentences become choosable for select-in-passage; the Chinese
 * translation can be shown when the question supports it and the viewer receives one.
 */
export function PassagePane({
  passage,
  pick,
  supportTranslate,
  review,
  onWordClick,
}: {
  passage: PassageView;
  pick: SentencePick | null;
  supportTranslate: boolean;
  review: boolean;
  onWordClick?: WordClickHandler;
}) {
  const [translated, setTranslated] = useState(false);
  const switchId = useId();
  const canTranslate = supportTranslate && passage.translate.trim() !== '';
  const english = useMemo(() => splitParagraphs(passage.text), [passage.text]);
  const chinese = useMemo(() => splitParagraphs(passage.translate), [passage.translate]);
  // Paragraph-by-paragraph when the translation has the same paragraphs, otherwise as one block after the passage.
  const interleave = translated && !pick && chinese.length === english.length;
  // In review (never during an exam, as on the test) the passage's GRE words are marked, so reading is vocabulary too.
  const marked = useMemo(
    () => (review && onWordClick ? new Set(passage.word_connect.flatMap((w) => w.forms)) : undefined),
    [review, onWordClick, passage.word_connect],
  );
  return (
    <div className="gq-passage">
      {canTranslate && (
        <div className="gq-translate-toggle">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={translated}
            className="gq-switch"
            onClick={() => setTranslated((v) => !v)}
          >
            <span className="gq-switch-knob" aria-hidden />
          </button>
          <label htmlFor={switchId}>{c.showTranslation}</label>
        </div>
      )}
      {passage.title && (
        <h3 className="gq-passage-title" lang="en">
          {passage.title}
        </h3>
      )}
      {pick ? (
        <SentenceParagraphs passage={passage} pick={pick} onWordClick={onWordClick} />
      ) : (
        <div className="gq-passage-body" aria-label={c.passageLabel}>
          {english.map((para, i) => (
            <div key={i}>
              <RichText text={para} lang="en" onWordClick={onWordClick} marked={marked} />
              {interleave && <RichText text={chinese[i] ?? ''} lang="zh" className="gq-translation" />}
            </div>
          ))}
        </div>
      )}
      {translated && !interleave && (
        <section className="gq-translation-block" aria-label={c.translationTitle}>
          <h4>{c.translationTitle}</h4>
          <RichText text={passage.translate} lang="zh" className="gq-translation" />
        </section>
      )}
      {marked && marked.size > 0 && <p className="gq-gre-legend">{c.greWordsLegend(passage.word_connect.length)}</p>}
      {review && passage.core && (
        <p className="gq-passage-core">
          <strong>{c.passageCore}：</strong>
          {passage.core}
        </p>
      )}
    </div>
  );
}
