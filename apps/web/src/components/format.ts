import { SHANGHAI_OFFSET_SECONDS } from '@gre/contracts';

// Display formats more than one feature shows: here, not in one of them, so features never import each other for a
// helper.

/** Sizes as people read them: 812 B, 14.2 KB, 3.1 MB (1024-based, like the 10 MB limit). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * ui.md money, from integer fen (as the contracts carry every amount): 3900 → '¥39.00', 990 → '¥9.90'. Integer
 * arithmetic, not `fen / 100`, so no amount ever shows a float's rounding.
 */
export function formatFen(fen: number): string {
  const whole = Math.trunc(fen);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen as a yuan number for an input with two decimals (the admin's price and discount fields). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** A yuan amount typed with up to two decimals, as whole fen: 16.9 → 1690 (rounded, 16.9 × 100 is 1689.999…). */
export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** A Unix-seconds instant as Beijing time, 'YYYY-MM-DD HH:mm', whatever the browser's own time zone. */
export function shanghaiDateTime(stamp: number): string {
  return new Date((Math.floor(stamp) + SHANGHAI_OFFSET_SECONDS) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}
