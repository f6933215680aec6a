import {
  allCalls,
  API_VERSION,
  carriesOpCode,
  ERROR_KINDS,
  HEADERS,
  MAX_BODY_BYTES,
  type CallDef,
  type ErrorKind,
} from '@gre/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirementFor } from '../src/lib/authorize.js';
import { ageSession, countRows, listTables, revokeSessionRow, sessionFor, userWithToken } from './actors.js';
import { hostileBody, mustBeRefused } from './hostile-bodies.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The "bad input" promise of the API, checked over every call in the contracts: whatever the body and
 * whoever sends it, the answer is a 4xx envelope with a known kind, and no table gains or loses a row — but the audit
 * log's one row of a money- or role-changing call the gate refused to a known caller (decision 027).
 */

/** Runs over the whole suite: a few hundred, spread so each call gets at least ten however many calls exist. */
const TOTAL_RUNS = 400;
const runsPerCall = Math.max(10, Math.ceil(TOTAL_RUNS / allCalls.length));

type Caller = 'none' | 'garbage' | 'forged' | 'revoked' | 'expired' | 'frozen' | 'member' | 'admin';
const callers: Caller[] = ['none', 'garbage', 'forged', 'revoked', 'expired', 'frozen', 'member', 'admin'];

let t: TestApp;
let tokens: Record<Exclude<Caller, 'none' | 'garbage'>, string>;
let tables: string[];
let before: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const member = await userWithToken(db);
  const admin = await userWithToken(db, { isAdmin: true });
  const frozen = await userWithToken(db, { isFreeze: true, isAdmin: true });
  const revoked = await sessionFor(db, member.user.id, 'revoked-device');
  await revokeSessionRow(db, revoked.sessionId);
  const expired = await sessionFor(db, member.user.id, 'expired-device');
  await ageSession(db, expired.sessionId, { absolute: true });
  tokens = {
    forged: 'F0rgedT0kenF0rgedT0kenF0rgedT0kenF0rgedT0k',
    revoked: revoked.token,
    expired: expired.token,
    frozen: frozen.token,
    member: member.token,
    admin: admin.token,
  };
  tables = await listTables(db);
  before = await countRows(db, tables);
});
afterAll(() => t.close());

function authHeader(caller: Caller): Record<string, string> {
  if (caller === 'none') return {};
  if (caller === 'garbage') return { [HEADERS.authorization]: 'Bearer \u00ff\u00fe not a token' };
  return { [HEADERS.authorization]: `Bearer ${tokens[caller]}` };
}

/** The kinds the gate and the parser may answer, in the order they check: identity first, then the body. */
function expectedKinds(call: CallDef, caller: Caller, payload: string): ErrorKind[] {
  const kinds = identityOrBodyKinds(call, caller);
  // A string just past its bound in multi-byte characters can be past the call's body limit too: then the body is
  // refused as too large (before or after the identity, as the server reads it), never as invalid.
  if (Buffer.byteLength(payload) <= (call.maxBodyBytes ?? MAX_BODY_BYTES)) return kinds;
  return [...kinds.filter((k) => k !== 'invalid_input' && k !== 'malformed_json'), 'payload_too_large'];
}

function identityOrBodyKinds(call: CallDef, caller: Caller): ErrorKind[] {
  const requirement = requirementFor(call.auth);
  const bodyKinds: ErrorKind[] = ['invalid_input', 'malformed_json'];
  if (!requirement) return bodyKinds;
  if (caller === 'none' || caller === 'garbage' || caller === 'forged' || caller === 'revoked') return ['unauthorized'];
  if (caller === 'expired') return ['token_expired'];
  if (caller === 'frozen') return ['user_frozen'];
  if (caller === 'member' && requirement.staff) return ['forbidden'];
  return bodyKinds;
}

/** The gate audits its refusal of a frozen account or a learner on a call that carries a confirmation code. */
function auditsRefusal(call: CallDef, caller: Caller): boolean {
  const staff = requirementFor(call.auth)?.staff;
  return carriesOpCode(call) && (caller === 'frozen' || (caller === 'member' && staff !== undefined));
}

describe('contract fuzz', () => {
  it('covers every call the contracts declare', () => {
    expect(allCalls.length).toBeGreaterThan(0);
    expect(new Set(allCalls.map((c) => c.path)).size).toBe(allCalls.length);
  });

  it.each(allCalls.map((c) => [c.path, c] as const))(
    '%s refuses hostile bodies with a 4xx kind and writes nothing',
    async (_path, call) => {
      expect(
        t.app.hasRoute({ method: 'POST', url: call.path }),
        `${call.path} is in allCalls but no module registers it`,
      ).toBe(true);
      await fc.assert(
        fc.asyncProperty(
          hostileBody(call),
          fc.constantFrom(...callers),
          fc.boolean(),
          async (body, caller, sendVersion) => {
            fc.pre(mustBeRefused(call, body.payload));
            const res = await t.app.inject({
              method: 'POST',
              url: call.path,
              headers: {
                'content-type': 'application/json',
                [HEADERS.deviceId]: 'fuzz',
                ...(sendVersion ? { [HEADERS.apiVersion]: String(API_VERSION) } : {}),
                ...authHeader(caller),
              },
              payload: body.payload,
            });
            const json = res.json<{
              ok: boolean;
              data: unknown;
              err_data: { kind: string; show: string; detail: string };
            }>();
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
            expect(res.statusCode).toBeLessThan(500);
            expect(json.ok).toBe(false);
            expect(json.data).toBeNull();
            expect(Object.keys(ERROR_KINDS)).toContain(json.err_data.kind);
            expect(ERROR_KINDS[json.err_data.kind as ErrorKind]).toBe(res.statusCode);
            expect(expectedKinds(call, caller, body.payload)).toContain(json.err_data.kind);
            const after = await countRows(t.deps.database.db, tables);
            const audited = auditsRefusal(call, caller) ? 1 : 0;
            expect(after).toEqual({ ...before, audit_log: before.audit_log! + audited });
            before = after;
          },
        ),
        { numRuns: runsPerCall },
      );
    },
  );
});
