import type { ExamSection } from '@gre/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { wordPopoverOpen } from '../../components/word-popover-class';
import { sectionCounts } from './exam-model';
import { useEts, useScreenCopy } from './screen-copy';

/**
 * A modal dialog without a UI library: labelled, focus moves in and back out, Esc and the backdrop close it, Tab stays
 * inside. While a word popover opened from inside it shows, Esc closes the popover first.
 */
export function ExamDialog({
  title,
  children,
  actions,
  onClose,
  wide = false,
  lang,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
  wide?: boolean;
  /** 'en' for the ETS mode's English dialogs. */
  lang?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = ref.current;
    const first =
      box?.querySelector<HTMLElement>('[data-autofocus]') ??
      box?.querySelector<HTMLElement>('button, [href], input, textarea');
    // The dialog opens at its top, even when its first control sits at the bottom (Help's Return on a phone).
    (first ?? box)?.focus({ preventScroll: true });
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        if (wordPopoverOpen()) return;
        e.preventDefault();
        e.stopPropagation();
        close.current();
      } else if (e.key === 'Tab' && box) {
        const focusable = [
          ...box.querySelectorAll<HTMLElement>(
            'button:not([disabled]), [href], input, textarea, [tabindex]:not([tabindex="-1"])',
          ),
        ];
        if (!focusable.length) return;
        const [head, tail] = [focusable[0]!, focusable[focusable.length - 1]!];
        if (e.shiftKey && document.activeElement === head) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && document.activeElement === tail) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="ge-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className={`ge-dialog${wide ? ' is-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        lang={lang}
      >
        <h2 id={id} className="ge-dialog-title">
          {title}
        </h2>
        <div className="ge-dialog-body">{children}</div>
        {actions && <div className="ge-actions">{actions}</div>}
      </div>
    </div>
  );
}

/** Exit Section asks first: once submitted, the section's answers cannot change. */
export function ExitSectionDialog({
  section,
  onCancel,
  onConfirm,
}: {
  section: ExamSection;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const ets = useEts();
  const t = useScreenCopy().exitDialog;
  const unanswered = sectionCounts(section).unanswered;
  return (
    <ExamDialog
      title={t.title}
      onClose={onCancel}
      lang={ets ? 'en' : undefined}
      actions={
        <>
          <button type="button" className="ge-button" onClick={onCancel} data-autofocus>
            {t.cancel}
          </button>
          <button type="button" className="ge-button is-danger" onClick={onConfirm}>
            {t.confirm}
          </button>
        </>
      }
    >
      <p>{t.body}</p>
      {unanswered > 0 && <p>{t.unanswered(unanswered)}</p>}
    </ExamDialog>
  );
}
