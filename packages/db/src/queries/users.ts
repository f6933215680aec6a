import { ilike, like, eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../schema/index.js';
import { likeLiteral } from './questions.js';

/** The tier in force at `now` in SQL: a lapsed tier reads as the base tier (as the server's `effectiveRole`). */
export function roleAt(now: Date): SQL<string> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<string>`(case when ${users.roleExpiresAt} is not null and ${users.roleExpiresAt} <= ${at}
    then ${users.baseRoleKind} else ${users.roleKind} end)`;
}

/**
 * Users a typed query finds, the one rule the admin's user search and the teacher's learner search share: digits
 * match an id exactly or part of a phone; anything matches part of a name or an e-mail. Null for a blank query (no
 * condition).
 */
export function userQueryCondition(query: string): SQL | null {
  const q = query.trim();
  if (q === '') return null;
  const part = `%${likeLiteral(q)}%`;
  const matches: SQL[] = [ilike(users.name, part), ilike(users.email, part)];
  if (/^\d+$/.test(q)) {
    matches.push(like(users.phone, part));
    // Past 15 digits the number is no id (ids stay 53-bit safe), and Number() would round it into one.
    if (q.length <= 15) matches.push(eq(users.id, Number(q)));
  }
  return or(...matches)!;
}
