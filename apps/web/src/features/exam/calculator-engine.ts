/**
 * The GRE on-screen calculator as a pure state machine: keys go in, a new state comes out. Like the test's calculator
 * it follows the order of operations (× ÷ before + −, otherwise left to right as keyed), shows at most 8 digits and
 * shows "Error" for a division by zero, the square root of a negative number or a result too large for the display.
 */

export type Operator = '+' | '-' | '*' | '/';
export type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
export type CalcKey = Digit | Operator | '.' | '=' | 'sqrt' | 'neg' | 'C' | 'CE' | 'MR' | 'MC' | 'M+';

export const CALC_KEYS: readonly CalcKey[] = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '+',
  '-',
  '*',
  '/',
  '.',
  '=',
  'sqrt',
  'neg',
  'C',
  'CE',
  'MR',
  'MC',
  'M+',
];

/** The display's width in digits. */
export const DISPLAY_DIGITS = 8;
export const ERROR_TEXT = 'Error';

export interface CalcState {
  /** What the display shows: a number of at most 8 digits, or 'Error'. */
  display: string;
  /** The value behind the display, at full precision. */
  value: number;
  /** Digits append to the display (an entry is being keyed); otherwise the next digit starts a new entry. */
  typing: boolean;
  /** The last key was an operator: another operator replaces it. */
  afterOperator: boolean;
  /** Operands and operators keyed so far, always ending in an operator when not empty: [2, '+', 3, '*']. */
  pending: (number | Operator)[];
  memory: number;
  error: boolean;
}

export const initialCalc: CalcState = {
  display: '0',
  value: 0,
  typing: false,
  afterOperator: false,
  pending: [],
  memory: 0,
  error: false,
};

const isHigh = (op: Operator) => op === '*' || op === '/';

/** A number as the 8-digit display shows it; null when it does not fit (or is not a number). */
export function formatDisplay(x: number): string | null {
  if (!Number.isFinite(x)) return null;
  const abs = Math.abs(x);
  const intDigits = abs < 1 ? 1 : String(Math.floor(abs)).length;
  if (intDigits > DISPLAY_DIGITS) return null;
  let text = abs.toFixed(DISPLAY_DIGITS - intDigits);
  if (text.includes('.')) text = text.replace(/\.?0+$/, '');
  // Rounding may carry into a ninth digit (99999999.6).
  if (text.split('.')[0]!.length > DISPLAY_DIGITS) return null;
  if (text === '0') return '0';
  return x < 0 ? `-${text}` : text;
}

function apply(a: number, op: Operator, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? Number.NaN : a / b;
  }
}

/** Evaluates [n, op, n, op, n …]: × ÷ first, then + −, each left to right. NaN for a division by zero. */
export function evaluate(terms: readonly (number | Operator)[]): number {
  const sums: (number | Operator)[] = [terms[0] as number];
  for (let i = 1; i < terms.length; i += 2) {
    const op = terms[i] as Operator;
    const n = terms[i + 1] as number;
    if (isHigh(op)) sums[sums.length - 1] = apply(sums[sums.length - 1] as number, op, n);
    else sums.push(op, n);
  }
  let total = sums[0] as number;
  for (let i = 1; i < sums.length; i += 2) total = apply(total, sums[i] as Operator, sums[i + 1] as number);
  return total;
}

const fail = (s: CalcState): CalcState => ({
  ...s,
  display: ERROR_TEXT,
  value: Number.NaN,
  typing: false,
  afterOperator: false,
  pending: [],
  error: true,
});

/** Shows a computed value (not an entry); Error when it does not fit the display. */
function show(s: CalcState, x: number, over: Partial<CalcState> = {}): CalcState {
  const text = formatDisplay(x);
  if (text === null) return fail(s);
  return { ...s, display: text, value: x, typing: false, afterOperator: false, ...over };
}

const digitCount = (text: string) => text.replace(/[^0-9]/g, '').length;

function keyDigit(s: CalcState, d: Digit | '.'): CalcState {
  if (!s.typing) {
    const display = d === '.' ? '0.' : d;
    return { ...s, display, value: Number(display), typing: true, afterOperator: false };
  }
  if (d === '.') {
    if (s.display.includes('.') || digitCount(s.display) >= DISPLAY_DIGITS) return s;
    return { ...s, display: `${s.display}.` };
  }
  if (digitCount(s.display) >= DISPLAY_DIGITS) return s;
  const negative = s.display.startsWith('-');
  const body = negative ? s.display.slice(1) : s.display;
  const nextBody = body === '0' ? d : body + d;
  const display = negative ? `-${nextBody}` : nextBody;
  return { ...s, display, value: Number(display) };
}

function keyOperator(s: CalcState, op: Operator): CalcState {
  if (s.afterOperator) return { ...s, pending: [...s.pending.slice(0, -1), op] };
  const terms = [...s.pending, s.value];
  // Reduce what the new operator lets go: + − closes everything, × ÷ only the product chain at the end.
  let start = 0;
  if (isHigh(op)) {
    start = terms.length - 1;
    while (start >= 2 && isHigh(terms[start - 1] as Operator)) start -= 2;
  }
  const head = terms.slice(0, start);
  const value = evaluate(terms.slice(start));
  const shown = show(s, value);
  if (shown.error) return shown;
  return { ...shown, pending: [...head, value, op], afterOperator: true };
}

function keyEquals(s: CalcState): CalcState {
  if (s.pending.length === 0) return { ...s, typing: false, afterOperator: false };
  return show(s, evaluate([...s.pending, s.value]), { pending: [] });
}

function keyNegate(s: CalcState): CalcState {
  if (s.typing) {
    if (Number(s.display) === 0 && !s.display.includes('.')) return s;
    const display = s.display.startsWith('-') ? s.display.slice(1) : `-${s.display}`;
    return { ...s, display, value: Number(display) };
  }
  return show(s, -s.value, { pending: s.pending });
}

/** The calculator after one key. Never throws; after "Error" only C or CE clears the display. */
export function press(s: CalcState, key: CalcKey): CalcState {
  if (key === 'C') return { ...initialCalc, memory: s.memory };
  if (s.error) return key === 'CE' ? { ...initialCalc, memory: s.memory } : key === 'MC' ? { ...s, memory: 0 } : s;
  switch (key) {
    case '.':
      return keyDigit(s, key);
    case '+':
    case '-':
    case '*':
    case '/':
      return keyOperator(s, key);
    case '=':
      return keyEquals(s);
    case 'sqrt':
      return s.value < 0 ? fail(s) : show(s, Math.sqrt(s.value), { pending: s.pending });
    case 'neg':
      return keyNegate(s);
    case 'CE':
      return { ...s, display: '0', value: 0, typing: false, afterOperator: false };
    case 'MR':
      return show(s, s.memory, { pending: s.pending });
    case 'MC':
      return { ...s, memory: 0 };
    case 'M+': {
      const memory = s.memory + s.value;
      return formatDisplay(memory) === null ? fail(s) : { ...s, memory, typing: false, afterOperator: false };
    }
    default:
      return keyDigit(s, key);
  }
}

/** Presses keys in order (tests, keyboard paste). */
export function pressAll(s: CalcState, keys: readonly CalcKey[]): CalcState {
  return keys.reduce(press, s);
}

/** The physical keyboard's keys for the calculator; null for keys it ignores. */
export function keyFromKeyboard(key: string): CalcKey | null {
  if (/^[0-9]$/.test(key)) return key as Digit;
  switch (key) {
    case '.':
    case ',':
      return '.';
    case '+':
    case '-':
    case '*':
    case '/':
      return key;
    case 'x':
    case 'X':
      return '*';
    case '=':
    case 'Enter':
      return '=';
    case 'Escape':
      return null;
    case 'Delete':
      return 'CE';
    default:
      return null;
  }
}
