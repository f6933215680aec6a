import { SHANGHAI_DAY_SQL } from '@gre/contracts';
import { users, type Queryable } from '@gre/db';
import { roleAt } from '@gre/db/queries';
import { sql } from 'drizzle-orm';

/** The report's window: Shanghai days `from`..`to` inclusive, and the instants that bound them. */
export interface ReportWindow {
  from: string;
  to: string;
  start: Date;
  end: Date;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (column: string) => sql.raw(`to_char(${SHANGHAI_DAY_SQL(column)}, 'YYYY-MM-DD')`);

async function rows<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export async function userCounts(
  db: Queryable,
  now: Date,
): Promise<{ byRole: { role: string; n: number }[]; frozen: number }> {
  const byRole = await db
    .select({ role: roleAt(now), n: sql<number>`count(*)::int` })
    .from(users)
    // By position: the role expression is sent with its own parameters, which the grouping could not match.
    .groupBy(sql`1`);
  const [frozen] = await rows<{ n: number }>(db, sql`select count(*)::int as n from users where is_freeze`);
  return { byRole: byRole.map((r) => ({ role: r.role, n: Number(r.n) })), frozen: Number(frozen?.n ?? 0) };
}

export async function newUsersByDay(db: Queryable, w: ReportWindow): Promise<{ day: string; n: number }[]> {
  return rows(
    db,
    sql`select ${day('created_at')} as day, count(*)::int as n from users
        where created_at >= ${ts(w.start)} and created_at < ${ts(w.end)} group by 1`,
  );
}

/** Learners active on a day: they opened a question (the quota's opens) or have a daily activity row (a submitted section, words studied, a sign-in). */
export async function activeByDay(db: Queryable, w: ReportWindow): Promise<{ day: string; n: number }[]> {
  return rows(
    db,
    sql`select day, count(distinct user_id)::int as n from (
          select user_id, day from question_opens where day >= ${w.from} and day <= ${w.to}
          union
          select user_id, to_char(day, 'YYYY-MM-DD') from daily_activity
            where day >= ${w.from}::date and day <= ${w.to}::date
        ) a group by day`,
  );
}

/** Trades granted (moved to ApplySuccess) on each day, by kind: their count and what was paid, in fen. */
export async function salesByDay(
  db: Queryable,
  w: ReportWindow,
): Promise<{ day: string; kind: string; trades: number; fen: number }[]> {
  return rows(
    db,
    sql`select ${day('e.created_at')} as day, t.kind, count(*)::int as trades,
          coalesce(sum(coalesce(t.paid_fen, t.amount_fen)), 0)::int as fen
        from trade_events e join trades t on t.id = e.trade_id
        where e.to_status = 'ApplySuccess' and e.created_at >= ${ts(w.start)} and e.created_at < ${ts(w.end)}
        group by 1, 2`,
  );
}

/** Of the accounts registered in the window, how many have since paid for VIP or SVIP (a trade's period). */
export async function conversion(db: Queryable, w: ReportWindow): Promise<{ registered: number; paid: number }> {
  const [row] = await rows<{ registered: number; paid: number }>(
    db,
    sql`select count(*)::int as registered,
          count(*) filter (where exists (
            select 1 from entitlements e
            where e.user_id = u.id and e.source = 'trade' and e.role_kind in ('VIP', 'SVIP')
          ))::int as paid
        from users u
        where u.created_at >= ${ts(w.start)} and u.created_at < ${ts(w.end)}
          and not (u.is_admin or u.is_operator or u.is_teacher)`,
  );
  return { registered: Number(row?.registered ?? 0), paid: Number(row?.paid ?? 0) };
}
