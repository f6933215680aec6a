import { CLIENT_TIMINGS } from '@gre/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHostList } from '../../config';
import { BYPASS_KEY, isBypassValid, needsMigrationNotice, phraseMatches, saveBypass } from './migration';

const DAY = CLIENT_TIMINGS.bypassValidMs;
const NOW = Date.parse('2026-11-22T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('migration bypass (spec §2: valid under one day)', () => {
  it('is valid when saved just now and one millisecond short of a day ago', () => {
    expect(isBypassValid(iso(NOW), NOW)).toBe(true);
    expect(isBypassValid(iso(NOW - DAY + 1), NOW)).toBe(true);
  });

  it('expires at exactly one day', () => {
    expect(isBypassValid(iso(NOW - DAY), NOW)).toBe(false);
  });

  it('rejects nothing saved, garbage and dates in the future', () => {
    expect(isBypassValid(null, NOW)).toBe(false);
    expect(isBypassValid('', NOW)).toBe(false);
    expect(isBypassValid('yesterday', NOW)).toBe(false);
    expect(isBypassValid(iso(NOW + 60_000), NOW)).toBe(false);
  });

  it('holds exactly for ages in [0, one day)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3 * DAY, max: 3 * DAY }), (age) => {
        expect(isBypassValid(iso(NOW - age), NOW)).toBe(age >= 0 && age < DAY);
      }),
    );
  });

  it('saveBypass stores a timestamp that is valid now and not a day later', () => {
    saveBypass(NOW);
    const saved = localStorage.getItem(BYPASS_KEY);
    expect(isBypassValid(saved, NOW + 1000)).toBe(true);
    expect(isBypassValid(saved, NOW + DAY)).toBe(false);
  });
});

describe('migration notice condition', () => {
  const old = parseHostList(' Old.Example.com, legacy.example.com:8080 ,');

  it('parses the configured host list', () => {
    expect(old).toEqual(['old.example.com', 'legacy.example.com:8080']);
    expect(parseHostList(undefined)).toEqual([]);
  });

  it('shows on an old host without a bypass, case-insensitively', () => {
    expect(needsMigrationNotice('OLD.example.com', old, null, NOW)).toBe(true);
    expect(needsMigrationNotice('legacy.example.com:8080', old, iso(NOW - DAY), NOW)).toBe(true);
  });

  it('stays hidden on other hosts, with no configuration, or with a fresh bypass', () => {
    expect(needsMigrationNotice('new.example.com', old, null, NOW)).toBe(false);
    expect(needsMigrationNotice('old.example.com', [], null, NOW)).toBe(false);
    expect(needsMigrationNotice('old.example.com', old, iso(NOW - 5 * 60_000), NOW)).toBe(false);
  });

  it('accepts the phrase with surrounding spaces only', () => {
    expect(phraseMatches(' 继续访问旧站 ', '继续访问旧站')).toBe(true);
    expect(phraseMatches('继续访问', '继续访问旧站')).toBe(false);
    expect(phraseMatches('', '')).toBe(false);
  });
});
