import { randomUUID } from 'node:crypto';
import { HEADERS, API_VERSION, type RoleKind } from '@gre/contracts';
import type { FastifyInstance } from 'fastify';
import { logMailer, logSms } from '../../adapters/log.js';
import { SentCodeLog } from '../../adapters/messaging.js';
import type { UserRow } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { hashPassword } from '../../lib/passwords.js';
import { openSession } from '../auth/index.js';
import { insertUser, type NewUser } from './users.repository.js';

// Test fixtures shared by module tests: users straight into the database, and quiet log providers.

const hashes = new Map<string, Promise<string>>();
/** argon2 costs ~25 ms; tests reuse one hash per password. */
function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
}

/** Password of every fixture user unless a test gives its own. */
export const TEST_PASSWORD = 'correct-horse-1';

export interface TestUser {
  user: UserRow;
  token: string;
  password: string;
  deviceId: string;
}

/** Inserts a user (unique email unless given) and opens a session for it on `deviceId`. */
export async function createUser(
  deps: Deps,
  opts: Partial<Omit<NewUser, 'roleKind' | 'baseRoleKind'>> & {
    password?: string;
    deviceId?: string;
    roleKind?: RoleKind;
    baseRoleKind?: RoleKind;
  } = {},
): Promise<TestUser> {
  const { password = TEST_PASSWORD, deviceId = `dev-${randomUUID()}`, ...values } = opts;
  const user = await insertUser(deps.database.db, {
    name: '测试学员',
    email: values.phone ? null : `u-${randomUUID().slice(0, 12)}@test.gre`,
    ...values,
    passwordHash: await cachedHash(password),
  });
  const { token } = await openSession(deps, deps.database.db, user, deviceId);
  return { user, token, password, deviceId };
}

/** Log providers that record codes without printing them, sharing one SentCodeLog the test can read. */
export function quietMessaging(): Pick<Deps, 'mailer' | 'sms' | 'sentCodes'> {
  const sentCodes = new SentCodeLog(200);
  const silent = () => undefined;
  return { sentCodes, mailer: logMailer(sentCodes, silent), sms: logSms(sentCodes, silent) };
}

/** The newest code the log providers sent to `target`. */
export function lastCodeFor(deps: Deps, target: string): string {
  const found = deps.sentCodes.list().find((c) => c.target === target.toLowerCase());
  if (!found) throw new Error(`no code was sent to ${target}`);
  return found.code;
}

/** A raw POST when a test needs the response headers (Retry-After). */
export async function postRaw(
  app: FastifyInstance,
  path: string,
  body: unknown,
  opts: { ip?: string; token?: string; deviceId?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [HEADERS.apiVersion]: String(API_VERSION),
    [HEADERS.deviceId]: opts.deviceId ?? 'test-device',
  };
  if (opts.token) headers[HEADERS.authorization] = `Bearer ${opts.token}`;
  return app.inject({
    method: 'POST',
    url: path,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: opts.ip ?? '127.0.0.1',
  });
}
