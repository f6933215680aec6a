import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMove,
  isPolled,
  isTerminal,
  OPEN_TRADE_STATUSES,
  POLLED_TRADE_STATUSES,
  TRADE_KINDS,
  TRADE_STATUSES,
  TRADE_TRANSITIONS,
  type TradeStatus,
} from './trades.js';

const status = fc.constantFrom(...TRADE_STATUSES);
/** A walk from a fresh trade: each step picks one of the allowed moves by index, until a terminal status. */
const choices = fc.array(fc.nat(), { maxLength: 20 });

function walk(picks: readonly number[]): TradeStatus[] {
  const path: TradeStatus[] = ['None'];
  for (const pick of picks) {
    const next = TRADE_TRANSITIONS[path[path.length - 1]!];
    if (next.length === 0) break;
    path.push(next[pick % next.length]!);
  }
  return path;
}

/** Statuses reachable from None without passing through `avoid`. */
function reachable(avoid?: TradeStatus): Set<TradeStatus> {
  const seen = new Set<TradeStatus>(['None']);
  const queue: TradeStatus[] = ['None'];
  for (let s = queue.shift(); s !== undefined; s = queue.shift()) {
    for (const t of TRADE_TRANSITIONS[s]) {
      if (t === avoid || seen.has(t)) continue;
      seen.add(t);
      queue.push(t);
    }
  }
  return seen;
}

describe('trade statuses and kinds', () => {
  it('are the spec’s, verbatim', () => {
    expect(TRADE_KINDS).toEqual(['None', 'VIP', 'SVIP', 'FlashCoin']);
    expect(TRADE_STATUSES).toEqual([
      'None',
      'InitPayFail',
      'WaitPay',
      'PaySuccess',
      'PayTimeout',
      'PayCancel',
      'PayFail',
      'ApplySuccess',
      'ApplyFail',
      'Refund',
      'ManualInvalid',
    ]);
  });

  it('the table has a row for every status, moves only to statuses, never to itself', () => {
    expect(Object.keys(TRADE_TRANSITIONS).sort()).toEqual([...TRADE_STATUSES].sort());
    for (const [from, next] of Object.entries(TRADE_TRANSITIONS)) {
      expect(new Set(next).size).toBe(next.length);
      for (const to of next) expect(TRADE_STATUSES).toContain(to);
      expect(next).not.toContain(from);
    }
  });

  it('canMove is the table and isTerminal is a row without moves', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canMove(from, to)).toBe(TRADE_TRANSITIONS[from].includes(to));
        if (isTerminal(from)) expect(canMove(from, to)).toBe(false);
      }),
    );
    expect(TRADE_STATUSES.filter(isTerminal)).toEqual(['InitPayFail', 'PayFail', 'ApplySuccess', 'Refund']);
  });
});

describe('trade life', () => {
  it('a random walk only takes legal moves and stops for good at a terminal status', () => {
    fc.assert(
      fc.property(choices, (picks) => {
        const path = walk(picks);
        for (let i = 1; i < path.length; i++) expect(canMove(path[i - 1]!, path[i]!)).toBe(true);
        const last = path[path.length - 1]!;
        if (path.length <= picks.length) expect(isTerminal(last)).toBe(true);
        if (isTerminal(last)) for (const to of TRADE_STATUSES) expect(canMove(last, to)).toBe(false);
      }),
    );
  });

  it('never returns to a status it left, so every trade ends', () => {
    fc.assert(
      fc.property(choices, (picks) => {
        const path = walk(picks);
        expect(new Set(path).size).toBe(path.length);
      }),
    );
    // The longest possible life: None → WaitPay → PayCancel | PayTimeout → PaySuccess → ApplyFail | ManualInvalid → Refund.
    expect(walk(Array.from({ length: 20 }, () => 0)).length).toBeLessThanOrEqual(6);
  });

  it('every status can happen', () => {
    expect([...reachable()].sort()).toEqual([...TRADE_STATUSES].sort());
  });

  it('the entitlement and every status that holds money are reachable only through PaySuccess', () => {
    const withoutPayment = reachable('PaySuccess');
    for (const s of ['ApplySuccess', 'ApplyFail', 'ManualInvalid', 'Refund'] as const) {
      expect(withoutPayment.has(s)).toBe(false);
    }
    // Granted right after the payment is recorded, or by an admin who accepted a ManualInvalid amount (trade/resolve).
    expect(TRADE_STATUSES.filter((s) => canMove(s, 'ApplySuccess'))).toEqual(['PaySuccess', 'ManualInvalid']);
    fc.assert(
      fc.property(choices, (picks) => {
        const path = walk(picks);
        if (path.includes('ApplySuccess')) {
          expect(['PaySuccess', 'ManualInvalid']).toContain(path[path.indexOf('ApplySuccess') - 1]);
          expect(path.slice(0, path.indexOf('ApplySuccess'))).toContain('PaySuccess');
        }
      }),
    );
  });

  it('nothing moves after activation: no refund of an activated trade', () => {
    expect(isTerminal('ApplySuccess')).toBe(true);
    expect(TRADE_STATUSES.filter((s) => canMove(s, 'Refund'))).toEqual(['ApplyFail', 'ManualInvalid']);
  });

  it('the dialog polls in None, WaitPay and PaySuccess: the statuses that move without a person', () => {
    expect(TRADE_STATUSES.filter(isPolled)).toEqual([...POLLED_TRADE_STATUSES]);
    expect(POLLED_TRADE_STATUSES).toEqual(['None', 'WaitPay', 'PaySuccess']);
    for (const s of TRADE_STATUSES) {
      if (isPolled(s)) expect(isTerminal(s)).toBe(false);
      // Past polling a trade moves only by a person (Refund, an admin's grant of a ManualInvalid trade) or by a late
      // payment the notification brings (PaySuccess).
      else for (const to of TRADE_TRANSITIONS[s]) expect(['Refund', 'ApplySuccess', 'PaySuccess']).toContain(to);
    }
  });

  it('the open statuses are the ones a newer trade closes', () => {
    expect(TRADE_STATUSES.filter((s) => canMove(s, 'PayCancel'))).toEqual([...OPEN_TRADE_STATUSES]);
  });

  it('docs/payments.md prints the same table', () => {
    const doc = readFileSync(new URL('../../../../docs/payments.md', import.meta.url), 'utf8');
    const printed = [...doc.matchAll(/^\| (\w+) \| (\w+) \| .+ \|$/gm)]
      .filter((m) => m[1] !== 'from')
      .map((m) => `${m[1]} → ${m[2]}`);
    const coded = TRADE_STATUSES.flatMap((from) => TRADE_TRANSITIONS[from].map((to) => `${from} → ${to}`));
    expect(printed).toEqual(coded);
  });
});
