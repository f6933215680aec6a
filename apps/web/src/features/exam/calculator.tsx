import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { keyFromKeyboard, press, type CalcKey, type CalcState } from './calculator-engine';
import { useEts, useScreenCopy } from './screen-copy';

/** The test calculator's keypad, row by row. */
const ROWS: { key: CalcKey; text: string; wide?: boolean; kind?: 'op' | 'fn' }[][] = [
  [
    { key: 'MR', text: 'MR', kind: 'fn' },
    { key: 'MC', text: 'MC', kind: 'fn' },
    { key: 'M+', text: 'M+', kind: 'fn' },
    { key: 'C', text: 'C', kind: 'fn' },
    { key: 'CE', text: 'CE', kind: 'fn' },
  ],
  [
    { key: '7', text: '7' },
    { key: '8', text: '8' },
    { key: '9', text: '9' },
    { key: '/', text: '÷', kind: 'op' },
    { key: 'sqrt', text: '√', kind: 'op' },
  ],
  [
    { key: '4', text: '4' },
    { key: '5', text: '5' },
    { key: '6', text: '6' },
    { key: '*', text: '×', kind: 'op' },
    { key: 'neg', text: '±', kind: 'op' },
  ],
  [
    { key: '1', text: '1' },
    { key: '2', text: '2' },
    { key: '3', text: '3' },
    { key: '-', text: '−', kind: 'op' },
    { key: '=', text: '=', kind: 'op' },
  ],
  [
    { key: '0', text: '0', wide: true },
    { key: '.', text: '.' },
    { key: '+', text: '+', kind: 'op' },
  ],
];

export interface CalculatorProps {
  state: CalcState;
  onChange: (next: CalcState) => void;
  onClose: () => void;
  /** Puts the display into the numeric entry box; false when the question has none. */
  onTransfer: (display: string) => boolean;
  canTransfer: boolean;
  /** Phones: a bottom sheet instead of a movable panel. */
  sheet: boolean;
}

/**
 * The on-screen calculator of the Quant sections: a panel that can be dragged by its title bar (a bottom sheet on
 * phones), the test's keys, and "Transfer Display" into the current numeric entry box.
 */
export function Calculator({ state, onChange, onClose, onTransfer, canTransfer, sheet }: CalculatorProps) {
  const ets = useEts();
  const t = useScreenCopy().calc;
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const panel = useRef<HTMLElement>(null);
  const [note, setNote] = useState('');

  const key = (k: CalcKey) => {
    setNote('');
    onChange(press(state, k));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    // Enter on a focused key presses that key; typed digits and operators go to the calculator.
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'BUTTON') return;
    const k = keyFromKeyboard(e.key);
    if (!k) return;
    e.preventDefault();
    e.stopPropagation();
    key(k);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (sheet || !panel.current) return;
    const box = panel.current.getBoundingClientRect();
    drag.current = { dx: e.clientX - box.left, dy: e.clientY - box.top };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || !panel.current) return;
    const box = panel.current.getBoundingClientRect();
    const x = Math.min(Math.max(0, e.clientX - drag.current.dx), window.innerWidth - box.width);
    const y = Math.min(Math.max(0, e.clientY - drag.current.dy), window.innerHeight - box.height);
    setPos({ x, y });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const transfer = () => {
    setNote(onTransfer(state.display) ? t.transferred : t.transferHint);
  };

  const style = !sheet && pos ? { left: pos.x, top: pos.y, right: 'auto' } : undefined;
  return (
    <section
      ref={panel}
      className={`ge-calc${sheet ? ' is-sheet' : ''}`}
      style={style}
      aria-label={t.label}
      lang={ets ? 'en' : undefined}
      onKeyDown={onKeyDown}
    >
      <div
        className="ge-calc-head"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        title={sheet ? undefined : t.drag}
      >
        <span className="ge-calc-title">{t.title}</span>
        <button type="button" className="ge-calc-close" onClick={onClose} aria-label={t.close}>
          ×
        </button>
      </div>
      <output className="ge-calc-display" aria-live="polite">
        {state.memory !== 0 && (
          <span className="ge-calc-memory" title={t.memory} aria-label={t.memory}>
            M
          </span>
        )}
        <span className="ge-calc-value">{state.display}</span>
      </output>
      <button
        type="button"
        className="ge-calc-transfer"
        onClick={transfer}
        disabled={!canTransfer}
        title={canTransfer ? undefined : t.transferHint}
      >
        {t.transfer}
      </button>
      <div className="ge-calc-keys">
        {ROWS.flat().map((b) => (
          <button
            key={b.key}
            type="button"
            className={`ge-calc-key${b.kind ? ` is-${b.kind}` : ''}${b.wide ? ' is-wide' : ''}`}
            aria-label={t.keys[b.key] ?? b.text}
            onClick={() => key(b.key)}
          >
            {b.text}
          </button>
        ))}
      </div>
      <p className="ge-calc-note" role="status">
        {note}
      </p>
    </section>
  );
}
