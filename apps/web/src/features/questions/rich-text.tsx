import { Fragment, memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { renderMath, useMathReady } from './math';
import { parseRichText, type Inline, type Paragraph } from './rich-text-parse';

const c = zh.questions;

/** Fired with the clicked English word; call `event.stopPropagation()` to keep the click from also choosing an option. */
export type WordClickHandler = (word: string, event: MouseEvent<HTMLElement>) => void;

export interface RichTextProps {
  text: string;
  /** Phrasing content only (inside buttons, table cells): paragraphs become line breaks in one span. */
  inline?: boolean;
  /** 'en' sets the reading serif; 'zh' the explanation size. */
  lang?: 'en' | 'zh';
  onWordClick?: WordClickHandler;
  /** Text completion stems: what to show for `{{n}}`; a blank line when absent. */
  renderBlank?: (n: number) => ReactNode;
  className?: string;
  /** Lower-case word forms to mark as GRE words (a passage's word_connect, in review); needs `onWordClick`. */
  marked?: ReadonlySet<string>;
}

/** A formula: typeset once KaTeX has loaded (on the first formula of the session), its TeX source until then. */
function MathPiece({ tex, display }: { tex: string; display: boolean }) {
  const html = useMathReady() ? renderMath(tex, display) : null;
  if (html === null) return <span className="gq-math gq-math-source">{tex}</span>;
  return <span className="gq-math" dangerouslySetInnerHTML={{ __html: html }} />;
}

function InlinePiece({
  piece,
  words,
  renderBlank,
  marked,
}: {
  piece: Inline;
  words: boolean;
  renderBlank?: (n: number) => ReactNode;
  marked?: ReadonlySet<string>;
}) {
  if (piece.t === 'blank') {
    return renderBlank ? (
      renderBlank(piece.n)
    ) : (
      <span className="gq-blank-line" role="img" aria-label={c.blankAria(piece.n)} />
    );
  }
  let node: ReactNode;
  if (piece.t === 'math') {
    node = <MathPiece tex={piece.tex} display={piece.display} />;
  } else if (!words) {
    node = piece.parts.join('');
  } else {
    // Words become bare spans with no handler each; one delegated listener on the root reads them.
    node = piece.parts.map((part, i) =>
      i % 2 === 1 ? (
        <span key={i} className={marked?.has(part.toLowerCase()) ? 'gq-w gq-w-gre' : 'gq-w'}>
          {part}
        </span>
      ) : (
        part
      ),
    );
  }
  return piece.bold ? <strong>{node}</strong> : <>{node}</>;
}

/**
 * Content text with inline KaTeX math, paragraphs from line breaks and, when `onWordClick` is given, each English
 * word clickable. Text outside math is rendered as React text (escaped), never as HTML.
 */
export const RichText = memo(function RichText({
  text,
  inline,
  lang,
  onWordClick,
  renderBlank,
  className,
  marked,
}: RichTextProps) {
  const paragraphs = useMemo(() => parseRichText(text), [text]);
  const words = Boolean(onWordClick);
  const onClick = onWordClick
    ? (e: MouseEvent<HTMLElement>) => {
        const target = (e.target as HTMLElement).closest('.gq-w');
        if (target && e.currentTarget.contains(target)) onWordClick(target.textContent ?? '', e);
      }
    : undefined;
  const cls = [
    'gq-rich',
    lang === 'en' ? 'gq-en' : lang === 'zh' ? 'gq-zh' : '',
    words ? 'gq-words' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const render = (p: Inline[]) =>
    p.map((piece, i) => <InlinePiece key={i} piece={piece} words={words} renderBlank={renderBlank} marked={marked} />);
  if (inline) {
    return (
      <span className={cls} lang={lang} onClick={onClick}>
        {paragraphs.map((p, i) => (
          <Fragment key={i}>
            {i > 0 && <br />}
            {p.bullet && '• '}
            {render(p.inlines)}
          </Fragment>
        ))}
      </span>
    );
  }
  return (
    <div className={cls} lang={lang} onClick={onClick}>
      {groupBullets(paragraphs).map((g, i) =>
        Array.isArray(g) ? (
          <ul key={i}>
            {g.map((p, j) => (
              <li key={j}>{render(p.inlines)}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{render(g.inlines)}</p>
        ),
      )}
    </div>
  );
});

/** Consecutive bullet lines become one list. */
function groupBullets(paragraphs: Paragraph[]): (Paragraph | Paragraph[])[] {
  const out: (Paragraph | Paragraph[])[] = [];
  for (const p of paragraphs) {
    const last = out[out.length - 1];
    if (p.bullet && Array.isArray(last)) last.push(p);
    else out.push(p.bullet ? [p] : p);
  }
  return out;
}
