import { CLIENT_TIMINGS } from '@gre/contracts';

/** Where the bypass timestamp is kept (spec §2: "stores today's date as the bypass"). */
export const BYPASS_KEY = 'gre.migration_bypass';

/** A saved bypass counts only if it was saved less than one day ago (and not in the future). */
export function isBypassValid(saved: string | null, now: number): boolean {
  if (!saved) return false;
  const at = Date.parse(saved);
  if (Number.isNaN(at)) return false;
  const age = now - at;
  return age >= 0 && age < CLIENT_TIMINGS.bypassValidMs;
}

/** Spec §2 pre-auth condition: this host is a retired one and no valid bypass is saved. */
export function needsMigrationNotice(
  host: string,
  oldHosts: readonly string[],
  saved: string | null,
  now: number,
): boolean {
  return oldHosts.includes(host.toLowerCase()) && !isBypassValid(saved, now);
}

/** The phrase is compared after trimming, so a stray space from an IME does not lock staff out. */
export function phraseMatches(input: string, phrase: string): boolean {
  return phrase.length > 0 && input.trim() === phrase;
}

/** Stores the bypass as an ISO timestamp of now. */
export function saveBypass(now: number): void {
  localStorage.setItem(BYPASS_KEY, new Date(now).toISOString());
}
