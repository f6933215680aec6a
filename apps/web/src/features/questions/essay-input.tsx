import {
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { EtsModeContext } from '../../components/ets-mode';
import { zh } from '../../i18n/zh-CN.study';
import { countWords } from './answer-utils';
import { emptyHistory, record, redo, replaceSelection, undo, type EditKind, type TextState } from './essay-history';
import type { RendererProps } from './renderer-props';
import './essay-input.css';

const c = zh.questions;
const e = zh.ets.essay;

/** The contract's essay limit (12k characters). */
const ESSAY_MAX = 12_000;

/** The plain box's attributes: no spell check or autocorrect, as on the test. */
const PLAIN_BOX = {
  lang: 'en',
  spellCheck: false,
  autoCorrect: 'off',
  autoCapitalize: 'off',
  autoComplete: 'off',
  maxLength: ESSAY_MAX,
  rows: 14,
} as const;

/** A press on a tool keeps the focus, and so the selection, in the text box. */
const keepFocus = (ev: MouseEvent) => ev.preventDefault();

/**
 * The test's response box (ETS mode): Cut, Paste, Undo and Redo above it, and no Copy, as on the test. The box keeps
 * its own history (`essay-history.ts`); Paste reads the system clipboard where the browser allows it and otherwise
 * pastes the text last cut in this box.
 */
function TestEssayEditor({ answer, change, readOnly }: RendererProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [history, setHistory] = useState(emptyHistory);
  const lastCut = useRef('');
  /** The selection before the next keystroke: by the time onChange runs, the box already shows the change. */
  const selection = useRef({ start: answer.essay.length, end: answer.essay.length });
  const selectAfter = useRef<{ start: number; end: number } | null>(null);
  /** Set by the browser's own cut and paste (keyboard, context menu), for the change they are about to make. */
  const nativeKind = useRef<EditKind | null>(null);
  /** The latest answer, for Paste, which may finish after the browser asked for permission. */
  const latest = useRef(answer);
  useEffect(() => {
    latest.current = answer;
  });
  useLayoutEffect(() => {
    const at = selectAfter.current;
    if (at && box.current) box.current.setSelectionRange(at.start, at.end);
    selectAfter.current = null;
  });

  const boxState = (): TextState => {
    const value = latest.current.essay;
    return {
      value,
      start: box.current?.selectionStart ?? value.length,
      end: box.current?.selectionEnd ?? value.length,
    };
  };
  const show = (next: TextState) => {
    selectAfter.current = { start: next.start, end: next.end };
    selection.current = { start: next.start, end: next.end };
    change({ ...latest.current, essay: next.value });
    box.current?.focus();
  };
  const edit = (before: TextState, next: TextState, kind: EditKind) => {
    if (next.value === before.value) return;
    setHistory((h) => record(h, before, kind, Date.now()));
    show(next);
  };

  const cut = () => {
    const before = boxState();
    if (before.start === before.end) return;
    const text = before.value.slice(before.start, before.end);
    lastCut.current = text;
    // Also to the system clipboard where allowed, so Paste reading it gets back what was cut.
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    edit(before, replaceSelection(before, '', ESSAY_MAX), 'cut');
  };
  const paste = async () => {
    let text = '';
    try {
      text = (await navigator.clipboard?.readText()) ?? '';
    } catch {
      // Reading the clipboard was refused (or needs a permission this page does not have): the box's own cut text.
    }
    text ||= lastCut.current;
    const before = boxState();
    if (text) edit(before, replaceSelection(before, text, ESSAY_MAX), 'paste');
  };
  const step = (back: boolean) => {
    const done = (back ? undo : redo)(history, boxState());
    if (!done) return;
    setHistory(done.history);
    show(done.state);
  };

  const onChange = (ev: ChangeEvent<HTMLTextAreaElement>) => {
    const before = { value: answer.essay, ...selection.current };
    const value = ev.target.value;
    const kind = nativeKind.current ?? (value.length < before.value.length ? 'delete' : 'type');
    nativeKind.current = null;
    setHistory((h) => record(h, before, kind, Date.now()));
    selection.current = { start: ev.target.selectionStart, end: ev.target.selectionEnd };
    change({ ...answer, essay: value });
  };
  const onSelect = () => {
    if (box.current) selection.current = { start: box.current.selectionStart, end: box.current.selectionEnd };
  };
  // The keyboard's Undo and Redo go through the same history as the buttons.
  const onKeyDown = (ev: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
    const key = ev.key.toLowerCase();
    if (key !== 'z' && key !== 'y') return;
    ev.preventDefault();
    if (!readOnly) step(key === 'z' && !ev.shiftKey);
  };

  return (
    <div className="gq-essay is-test" lang="en">
      <div className="gq-essay-tools" role="group" aria-label={e.tools}>
        <button type="button" onMouseDown={keepFocus} onClick={cut} disabled={readOnly}>
          {e.cut}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={() => void paste()} disabled={readOnly}>
          {e.paste}
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => step(true)}
          disabled={readOnly || !history.past.length}
        >
          {e.undo}
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => step(false)}
          disabled={readOnly || !history.future.length}
        >
          {e.redo}
        </button>
      </div>
      <textarea
        ref={box}
        className="gq-essay-editor"
        aria-label={e.label}
        placeholder={e.placeholder}
        {...PLAIN_BOX}
        value={answer.essay}
        readOnly={readOnly}
        onChange={onChange}
        onSelect={onSelect}
        onKeyDown={onKeyDown}
        onCut={() => {
          const before = boxState();
          lastCut.current = before.value.slice(before.start, before.end);
          nativeKind.current = 'cut';
        }}
        onPaste={() => {
          nativeKind.current = 'paste';
        }}
      />
    </div>
  );
}

/**
 * Issue essay: a plain editor as on the test — no spell check, no autocorrect, and no word count while an exam is
 * running (`showWordCount`); the count is shown in review. A mock in ETS mode gets the test's own box with its tools.
 */
export function EssayInput(props: RendererProps & { showWordCount: boolean }) {
  const { answer, change, readOnly, review, showWordCount } = props;
  const ets = useContext(EtsModeContext);
  if (ets && !review) return <TestEssayEditor {...props} />;
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
          {...PLAIN_BOX}
          value={answer.essay}
          readOnly={readOnly}
          onChange={(ev) => change({ ...answer, essay: ev.target.value })}
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
