import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id at the OWASP minimum (m=19 MiB, t=2, p=1): about 24 ms a hash on the target machine. */
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** PHC string with its own salt and parameters, so the cost can be raised later without breaking old hashes. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * A hash of a random secret nobody knows: unknown accounts are verified against it so they take as
 * long as a wrong password and cannot be told apart by timing.
 */
const dummyHash: Promise<string> = hash(randomBytes(24).toString('base64'), ARGON2);

/** Checks `password` against `stored`, or against the dummy hash when there is no account. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && stored !== null;
  } catch {
    // A malformed stored hash must read as a failed login, not a 500.
    return false;
  }
}
