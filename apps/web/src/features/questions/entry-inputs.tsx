import type { ChangeEvent, KeyboardEvent } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { ENTRY_MAX_LENGTH, sanitizeEntry, toggleSign } from './answer-utils';
import type { RendererProps } from './renderer-props';

const c = zh.questions;

interface EntryBoxProps {
  value: string;
  onValue: (v: string) => void;
  allowDecimal: boolean;
  readOnly: boolean;
  label: string;
  className?: string;
}

/** One entry box under the test's rules: digits, one point where allowed, '-' toggles the sign. */
function EntryBox({ value, onValue, allowDecimal, readOnly, label, className }: EntryBoxProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === '-' && !readOnly) {
      e.preventDefault();
      onValue(toggleSign(value));
    }
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    if (!readOnly) onValue(sanitizeEntry(e.target.value, allowDecimal));
  };
  return (
    <input
      className={`gq-entry ${className ?? ''}`}
      type="text"
      inputMode={allowDecimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      spellCheck={false}
      maxLength={ENTRY_MAX_LENGTH}
      aria-label={label}
      value={value}
      readOnly={readOnly}
      onKeyDown={onKeyDown}
      onChange={onChange}
    />
  );
}

/** Numeric entry: one box, with the unit before or after it when the question has one. */
export function TextFillInput({ question, answer, change, readOnly }: RendererProps) {
  const { fill_prefix: prefix, fill_suffix: suffix } = question.input_method;
  return (
    <div className="gq-entry-row">
      {prefix && (
        <span className="gq-entry-unit" lang="en">
          {prefix}
        </span>
      )}
      <EntryBox
        value={answer.text}
        onValue={(text) => change({ ...answer, text })}
        allowDecimal
        readOnly={readOnly}
        label={c.numericLabel}
      />
      {suffix && (
        <span className="gq-entry-unit" lang="en">
          {suffix}
        </span>
      )}
      {!readOnly && <p className="gq-hint gq-entry-hint">{c.numericHint}</p>}
    </div>
  );
}

/** Fraction entry: numerator over a line over denominator; integers only, and fractions need not be reduced. */
export function FractionInput({ answer, change, readOnly }: RendererProps) {
  return (
    <div className="gq-entry-row">
      <div className="gq-fraction" role="group" aria-label={`${c.numeratorLabel} / ${c.denominatorLabel}`}>
        <EntryBox
          value={answer.text}
          onValue={(text) => change({ ...answer, text })}
          allowDecimal={false}
          readOnly={readOnly}
          label={c.numeratorLabel}
        />
        <span className="gq-fraction-bar" aria-hidden />
        <EntryBox
          value={answer.text2}
          onValue={(text2) => change({ ...answer, text2 })}
          allowDecimal={false}
          readOnly={readOnly}
          label={c.denominatorLabel}
        />
      </div>
      {!readOnly && <p className="gq-hint gq-entry-hint">{c.fractionHint}</p>}
    </div>
  );
}
