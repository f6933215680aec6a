import { useEffect, useRef } from 'react';

export interface ExamKeyHandlers {
  onBack?: () => void;
  onNext?: () => void;
  onMark?: () => void;
  onReview?: () => void;
  /** Closes the calculator or the review screen; false when there was nothing to close. */
  onEscape?: () => boolean;
  /** A number key 1–9 outside the question (the question handles its own while it has focus). */
  onDigit?: (n: number) => void;
}

/** Typing in a box is never an exam shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(target.closest('input, textarea, select, [contenteditable="true"]'));
}

/**
 * ui.md exam keys: ← / → or Alt+B / Alt+N back and next, Alt+M mark, Alt+R review, Esc closes the calculator or the
 * review screen, numbers pick options. Keys already handled below (a passage's sentence picker uses the arrows) or
 * typed into a text box are left alone. `e.code` because Alt+letter types other characters on macOS.
 */
export function useExamKeys(handlers: ExamKeyHandlers): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      const h = ref.current;
      let run: (() => unknown) | undefined;
      if (e.altKey) {
        if (e.code === 'KeyB') run = h.onBack;
        else if (e.code === 'KeyN') run = h.onNext;
        else if (e.code === 'KeyM') run = h.onMark;
        else if (e.code === 'KeyR') run = h.onReview;
      } else if (!e.shiftKey && e.key === 'ArrowLeft') run = h.onBack;
      else if (!e.shiftKey && e.key === 'ArrowRight') run = h.onNext;
      else if (e.key === 'Escape') {
        if (h.onEscape?.()) e.preventDefault();
        return;
      } else if (/^[1-9]$/.test(e.key) && h.onDigit) {
        const digit = h.onDigit;
        run = () => digit(Number(e.key));
      }
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
