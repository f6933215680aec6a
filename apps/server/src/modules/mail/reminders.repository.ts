import { ROLE_KINDS, ROLE_RANK, type RemindKind, type RoleKind } from '@gre/contracts';
import type { Queryable } from '@gre/db';
import { sql, type SQL } from 'drizzle-orm';
import { sqlTime } from '../../lib/clock.js';

// Who is due a scheduled reminder, a batch of users at a time on the users' primary key. These read the learners'
// daily activity (summary), wrong questions' review schedules (crafts) and tiers (membership) in bulk: the faces of
// those modules answer for one learner, a reminder job asks about all of them at once.

/** A user who may get `kind`: not frozen, and has not turned it off. */
const wants = (kind: RemindKind) => sql`not u.is_freeze and not exists (
  select 1 from mail_settings s where s.user_id = u.id and ${kind}::text = any(s.off))`;

const tierAt = (now: Date) => sql`case when u.role_expires_at is not null
  and u.role_expires_at <= ${sqlTime(now)}::timestamptz then u.base_role_kind else u.role_kind end`;

const roleList = (roles: readonly RoleKind[]) =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );

async function batch<R extends Record<string, unknown>>(db: Queryable, query: SQL): Promise<R[]> {
  return (await db.execute<R>(query)).rows as R[];
}

/**
 * Learners below their daily aim on `day` who studied or signed in during the week up to it: someone away for longer
 * is not reminded every evening of an aim they have left.
 */
export async function dailyAimShort(db: Queryable, day: string, weekStart: string, after: number, limit: number) {
  const rows = await batch<{ id: number; aim: number; done: number }>(
    db,
    sql`
    select u.id::float8 as id, u.today_aim as aim, coalesce(t.questions, 0) as done
    from users u left join daily_activity t on t.user_id = u.id and t.day = ${day}::date
    where u.id > ${after}::bigint and ${wants('daily_aim')}
      and u.today_aim > 0 and coalesce(t.questions, 0) < u.today_aim
      and exists (select 1 from daily_activity a where a.user_id = u.id and a.day between ${weekStart}::date and ${day}::date)
    order by u.id limit ${limit}::int`,
  );
  return rows.map((r) => ({ userId: Number(r.id), aim: Number(r.aim), done: Number(r.done) }));
}

/** Learners whose sign-in streak reached 2 or more yesterday and who have not signed in on `day`. */
export async function streaksAtRisk(db: Queryable, day: string, yesterday: string, after: number, limit: number) {
  const rows = await batch<{ id: number; streak: number }>(
    db,
    sql`
    select u.id::float8 as id, y.streak
    from users u
    join daily_activity y on y.user_id = u.id and y.day = ${yesterday}::date and y.signed_in and y.streak >= 2
    left join daily_activity t on t.user_id = u.id and t.day = ${day}::date
    where u.id > ${after}::bigint and ${wants('streak')} and not coalesce(t.signed_in, false)
    order by u.id limit ${limit}::int`,
  );
  return rows.map((r) => ({ userId: Number(r.id), streak: Number(r.streak) }));
}

/**
 * Learners with wrong questions due before `dueBy`, counting only questions they may see (authorize.ts's rule:
 * staff see all, everyone public ones, `lockedMinRole` and above locked ones).
 */
export async function reviewsDue(
  db: Queryable,
  now: Date,
  dueBy: Date,
  lockedMinRole: RoleKind,
  after: number,
  limit: number,
) {
  const locked = ROLE_KINDS.filter((r) => ROLE_RANK[r] >= ROLE_RANK[lockedMinRole]);
  const rows = await batch<{ id: number; due: number }>(
    db,
    sql`
    select u.id::float8 as id, count(*)::int as due
    from users u
    join crafts c on c.user_id = u.id and c.wrong is not null and c.due_at < ${sqlTime(dueBy)}::timestamptz
    join questions q on q.id = c.question_id
    where u.id > ${after}::bigint and ${wants('review_due')}
      and (u.is_admin or u.is_operator or u.is_teacher or q.visibility = 'public'
        or (q.visibility = 'locked' and ${tierAt(now)} in (${roleList(locked)})))
    group by u.id order by u.id limit ${limit}::int`,
  );
  return rows.map((r) => ({ userId: Number(r.id), due: Number(r.due) }));
}

/** Paid members whose tier ends after `now` and no later than `until`. */
export async function membershipsEnding(
  db: Queryable,
  now: Date,
  until: Date,
  paid: readonly RoleKind[],
  after: number,
  limit: number,
) {
  const rows = await batch<{ id: number; tier: string; ends: number }>(
    db,
    sql`
    select u.id::float8 as id, u.role_kind as tier, extract(epoch from u.role_expires_at)::float8 as ends
    from users u
    where u.id > ${after}::bigint and ${wants('member_expiring')} and u.role_kind in (${roleList(paid)})
      and u.role_expires_at > ${sqlTime(now)}::timestamptz and u.role_expires_at <= ${sqlTime(until)}::timestamptz
    order by u.id limit ${limit}::int`,
  );
  return rows.map((r) => ({ userId: Number(r.id), tier: String(r.tier), endsAt: new Date(Number(r.ends) * 1000) }));
}

/** One reminder, unless its user turned the kind off or already has its occasion; true when it was written. */
export async function insertReminder(
  db: Queryable,
  kind: RemindKind,
  m: { userId: number; subject: string; content: string; link: string; occasion: string; at: Date },
): Promise<boolean> {
  const res = await db.execute(sql`
    insert into mails (user_id, race, subject, content, link, occasion, created_at)
    select u.id, 'remind', ${m.subject}, ${m.content}, ${m.link}, ${m.occasion}, ${sqlTime(m.at)}::timestamptz
    from users u where u.id = ${m.userId}::bigint and ${wants(kind)}
    on conflict do nothing
    returning 1`);
  return res.rows.length > 0;
}
