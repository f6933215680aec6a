// The learners' accounts, made straight in the database before the load (registering 200 through the API would spend
// the per-address code budget and time nobody measures): one argon2 hash of the shared password, VIP for a year (a
// daily question quota the run never reaches) and flash coins for the decks. Then each logs in once through the
// target from their own device, as a returning learner has: the device is known, so the failed-login budgets per
// address and per account (decision 003) are never taken by the run's own logins.
import { HEADERS, API_VERSION, userCalls } from '@gre/contracts';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import type { LearnerAccount } from './learner.js';

/** pg.Pool and PGlite both answer `query(text, params)` with `{ rows }`. */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export const PASSWORD = 'bench-cluster-password-1';

export async function createLearners(sql: Sql, count: number, tag: string): Promise<LearnerAccount[]> {
  const hash = await hashPassword(PASSWORD);
  const { rows } = await sql.query<{ id: string | number; email: string }>(
    `insert into users (name, email, password_hash, role_kind, base_role_kind, role_expires_at, flash_coins)
     select 'learner ' || i, $1 || '-' || i || '@example.com', $2, 'VIP', 'Trail', now() + interval '365 days', 100000
     from generate_series(1, $3::int) i
     returning id, email`,
    [`load-${tag}`, hash, count],
  );
  return rows.map((r, i) => ({
    userId: Number(r.id),
    account: r.email,
    password: PASSWORD,
    deviceId: `load-device-${tag}-${i}`,
  }));
}

/** One login per learner, a few at a time, so every learner's device is known to the app. */
export async function firstLogins(url: string, learners: LearnerAccount[], parallel = 4) {
  let next = 0;
  const worker = async () => {
    while (next < learners.length) {
      const l = learners[next++]!;
      const res = await fetch(url + userCalls.login.path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HEADERS.apiVersion]: String(API_VERSION),
          [HEADERS.deviceId]: l.deviceId,
        },
        body: JSON.stringify({ account: l.account, password: l.password }),
      });
      const json = (await res.json()) as { ok: boolean; err_data?: { kind: string } };
      if (!json.ok) throw new Error(`first login of ${l.account}: ${res.status} ${json.err_data?.kind}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** The free books of 11 to 20 questions: practised and taken as timed sections. */
export async function smallBooks(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `select t.id from book_templates t join book_items i on i.book_id = t.id
     where t.access = 'free' and not t.hide and t.unlock_at is null and t.kind in ('pick', 'math2', 'best')
     group by t.id having count(*) between 11 and 20 order by t.id`,
  );
  if (rows.length === 0) throw new Error('no free books of 11 to 20 questions: was the content seeded?');
  return rows.map((r) => r.id);
}
