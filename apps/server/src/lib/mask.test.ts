import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskTarget } from './mask.js';

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('maskTarget', () => {
  it('shows a phone as its first three and last four digits, never the middle', () => {
    expect(maskTarget('13812345678')).toBe('138****5678');
    fc.assert(
      fc.property(digits(8, 20), (phone) => {
        const masked = maskTarget(phone);
        expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
        // Seven digits at most are shown, whatever the length: the rest is one run of four stars.
        expect(masked.replace(/\*/g, '').length).toBe(7);
      }),
    );
  });

  it('hides a short number whole', () => {
    fc.assert(
      fc.property(digits(0, 7), (short) => {
        expect(maskTarget(short)).toBe('****');
      }),
    );
  });

  it('keeps an e-mail’s domain and at most the first letter of its local part', () => {
    expect(maskTarget('alice@example.com')).toBe('a***@example.com');
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const at = email.indexOf('@');
        const domain = email.slice(at);
        const masked = maskTarget(email);
        expect(masked.endsWith(domain)).toBe(true);
        expect(masked.slice(0, -domain.length)).toBe(`${email.slice(0, 1)}***`);
      }),
    );
  });
});
