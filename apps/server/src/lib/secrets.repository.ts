import { randomBytes } from 'node:crypto';
import { settings, type Queryable } from '@gre/db';
import { eq } from 'drizzle-orm';

/**
 * A key generated on first use and kept in `settings` under `key`, the same for every instance: the first instance
 * to store its candidate wins and the others read it back. SettingsStore never reads these keys, so no call returns one.
 */
export async function sharedSecret(db: Queryable, key: string, candidate = randomBytes(32).toString('base64url')) {
  await db.insert(settings).values({ key, value: candidate }).onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  if (typeof row?.value !== 'string' || row.value.length < 32) throw new Error(`settings.${key} is not a usable key`);
  return row.value;
}
