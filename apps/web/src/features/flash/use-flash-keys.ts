import { useEffect, useRef } from 'react';

/** What the keys of one card do; a key whose action is absent does nothing. */
export interface FlashKeyActions {
  /** Space: turn the card over. */
  flip?: () => void;
  /** 1–4: a quiz option (0–3), or on a turned card 1 = 认识 and 2 = 不认识. */
  choose?: (index: number) => void;
  /** Enter: the next card (or the round's end) once the choice is answered. */
  next?: () => void;
}

/** Where the page's keys stay out: typing in a field, or a dialog (the give-up confirmation) on top. */
function isFieldOrDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"]') !== null;
}

/** A focused button or link answers Space and Enter itself. */
function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'BUTTON' || target.tagName === 'A');
}

/**
 * The flash page's keyboard (issue 14): Space flips, 1–4 choose, Enter goes on. Keys typed into the recall input
 * stay there (its own form submits on Enter); Space and Enter on a focused button are that button's.
 */
export function useFlashKeys(actions: FlashKeyActions): void {
  const ref = useRef(actions);
  useEffect(() => {
    ref.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      if (isFieldOrDialog(e.target)) return;
      const a = ref.current;
      if (/^[1-4]$/.test(e.key)) {
        if (!a.choose) return;
        e.preventDefault();
        a.choose(Number(e.key) - 1);
        return;
      }
      if (isControl(e.target)) return;
      if (e.key === ' ' && a.flip) {
        e.preventDefault();
        a.flip();
      } else if (e.key === 'Enter' && a.next) {
        e.preventDefault();
        a.next();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
