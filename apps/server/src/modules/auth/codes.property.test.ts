import { CODE_RULES } from '@gre/contracts';
import { verificationCodes } from '@gre/db';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';
import { lastCodeFor, quietMessaging } from '../../../test/fixtures.js';
import { codeMatches, hashCode, newCode } from './code-rules.js';
import { consumeCode, sendCode } from './codes.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, quietMessaging());
});
afterAll(() => t.close());

const digits = fc.stringMatching(/^\d{6}$/);

type Op =
  | { kind: 'send' }
  | { kind: 'wait'; seconds: number }
  | {
      kind: 'verify';
      guess: { of: 'latest' } | { of: 'older'; index: number } | { of: 'any'; code: string };
      repeat: number;
    };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'send' as const }) },
  {
    weight: 2,
    // Short waits, the rule boundaries themselves, and waits near the 10-minute expiry.
    arbitrary: fc
      .oneof(
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom(59, 60, 61, 599, 600, 601),
        fc.integer({ min: 540, max: 700 }),
      )
      .map((seconds) => ({ kind: 'wait' as const, seconds })),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('verify' as const),
      guess: fc.oneof(
        fc.constant({ of: 'latest' as const }),
        fc.nat(9).map((index) => ({ of: 'older' as const, index })),
        digits.map((code) => ({ of: 'any' as const, code })),
      ),
      // The same guess several times in a row reaches the 5-try limit and re-use within short runs.
      repeat: fc.integer({ min: 1, max: 6 }),
    }),
  },
);

/** What the rules promise about one sent code, in model time (seconds). */
interface ModelCode {
  code: string;
  sentAt: number;
  failures: number;
  used: boolean;
}

let run = 0;
/** How often each outcome came up, so the property is known to have reached every rule. */
const seen = { accepted: 0, wrong: 0, used: 0, expired: 0, exhausted: 0, tooFrequent: 0 };

describe('verification code rules (property, against the real service and database)', () => {
  it('accepts exactly the newest code, once, within 10 minutes and 5 tries; refuses everything else', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        run += 1;
        const target = `prop-${run}-${Date.now()}@example.com`;
        const ip = `10.9.${Math.floor(run / 250)}.${run % 250}`;
        const codes: ModelCode[] = [];
        // Model time: the waits simulated plus the real seconds the run has taken so far.
        let waited = 0;
        const started = Date.now();
        const clock = () => waited + (Date.now() - started) / 1000;
        for (const op of ops) {
          if (op.kind === 'wait') {
            waited += op.seconds;
            // Time passing, as the database sees it: every row of this target moves into the past.
            await t.deps.database.db
              .update(verificationCodes)
              .set({
                createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${op.seconds})`,
                expiresAt: sql`${verificationCodes.expiresAt} - make_interval(secs => ${op.seconds})`,
              })
              .where(eq(verificationCodes.target, target));
          } else if (op.kind === 'send') {
            const last = codes.at(-1);
            const sentAt = clock();
            const allowed = !last || sentAt - last.sentAt >= CODE_RULES.resendSeconds;
            const result = await sendCode(t.deps, { channel: 'email', target, purpose: 'register', ip }).then(
              () => 'sent',
              (e: unknown) => (e instanceof AppError ? e.kind : 'crash'),
            );
            expect(result).toBe(allowed ? 'sent' : 'code_too_frequent');
            if (!allowed) seen.tooFrequent += 1;
            if (allowed) codes.push({ code: lastCodeFor(t.deps, target), sentAt, failures: 0, used: false });
          } else {
            for (let i = 0; i < op.repeat; i++) {
              const latest = codes.at(-1);
              const guess =
                op.guess.of === 'latest'
                  ? (latest?.code ?? '000000')
                  : op.guess.of === 'older'
                    ? (codes[op.guess.index % Math.max(codes.length, 1)]?.code ?? '000000')
                    : op.guess.code;
              const expired = !!latest && clock() - latest.sentAt >= CODE_RULES.validSeconds;
              const live = !!latest && !latest.used && latest.failures < CODE_RULES.maxTries && !expired;
              const shouldAccept = live && guess === latest.code;
              const accepted = await consumeCode(t.deps, target, 'register', guess).then(
                () => true,
                (e: unknown) => {
                  if (!(e instanceof AppError) || e.kind !== 'code_invalid') throw e;
                  return false;
                },
              );
              expect(accepted).toBe(shouldAccept);
              if (latest && guess === latest.code && !accepted) {
                if (latest.used) seen.used += 1;
                else if (expired) seen.expired += 1;
                else seen.exhausted += 1;
              }
              if (latest && live) {
                if (accepted) {
                  latest.used = true;
                  seen.accepted += 1;
                } else {
                  latest.failures += 1;
                  seen.wrong += 1;
                }
              }
            }
          }
        }
      }),
      {
        numRuns: 40,
        // Fixed sequences first, so every rule is reached whatever the random seed.
        examples: [
          [[{ kind: 'send' }, { kind: 'wait', seconds: 600 }, { kind: 'verify', guess: { of: 'latest' }, repeat: 1 }]],
          [
            [
              { kind: 'send' },
              { kind: 'verify', guess: { of: 'any', code: 'x' }, repeat: 5 },
              { kind: 'verify', guess: { of: 'latest' }, repeat: 1 },
            ],
          ],
          [[{ kind: 'send' }, { kind: 'send' }, { kind: 'verify', guess: { of: 'latest' }, repeat: 2 }]],
        ],
      },
    );
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
  });
});

describe('code hashing (property)', () => {
  it('a stored hash opens only its own code, target and purpose', () => {
    const purpose = fc.constantFrom('register', 'reset_password', 'op_check');
    const target = fc.oneof(fc.stringMatching(/^[a-c]{1,3}@[a-c]{1,2}\.com$/), fc.stringMatching(/^1[3-5]\d{2}$/));
    fc.assert(
      fc.property(digits, digits, target, target, purpose, purpose, (code, other, target, otherTarget, p, q) => {
        const stored = hashCode(target, p, code);
        expect(stored).not.toContain(code);
        expect(codeMatches(stored, target, p, code)).toBe(true);
        expect(codeMatches(stored, target, p, other)).toBe(code === other);
        expect(codeMatches(stored, otherTarget, p, code)).toBe(target === otherTarget);
        expect(codeMatches(stored, target, q, code)).toBe(p === q);
      }),
    );
  });

  it('new codes are always six digits', () => {
    for (let i = 0; i < 2000; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });
});
