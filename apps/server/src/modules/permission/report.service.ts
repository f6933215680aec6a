import { ROLE_KINDS, shanghaiDay, shanghaiDayStart, type Report, type ReportDay, type RoleKind } from '@gre/contracts';
import type { Deps } from '../../lib/deps.js';
import {
  activeByDay,
  conversion,
  newUsersByDay,
  salesByDay,
  userCounts,
  type ReportWindow,
} from './report.repository.js';

const DAY_SECONDS = 86_400;

/** The Shanghai days `from`..`to` inclusive and the instants from the first midnight to the one after the last. */
export function reportWindow(from: string, to: string): ReportWindow & { days: string[] } {
  const first = shanghaiDayStart(from);
  const last = shanghaiDayStart(to);
  const days: string[] = [];
  for (let s = first; s <= last; s += DAY_SECONDS) days.push(shanghaiDay(s));
  return { from, to, days, start: new Date(first * 1000), end: new Date((last + DAY_SECONDS) * 1000) };
}

/** `/api/permission/get_report`: every figure counted from the rows themselves, nothing cached or estimated. */
export async function getReport(deps: Deps, from: string, to: string): Promise<Report> {
  const db = deps.database.db;
  const w = reportWindow(from, to);
  const [counts, joined, active, sales, conv] = await Promise.all([
    userCounts(db, deps.clock.now()),
    newUsersByDay(db, w),
    activeByDay(db, w),
    salesByDay(db, w),
    conversion(db, w),
  ]);
  const byDay = new Map<string, ReportDay>(
    w.days.map((day) => [
      day,
      { day, new_users: 0, active_learners: 0, trades: 0, sales_fen: { VIP: 0, SVIP: 0, FlashCoin: 0 } },
    ]),
  );
  for (const r of joined) byDay.get(r.day)!.new_users = Number(r.n);
  for (const r of active) byDay.get(r.day)!.active_learners = Number(r.n);
  for (const r of sales) {
    const d = byDay.get(r.day)!;
    d.trades += Number(r.trades);
    if (r.kind === 'VIP' || r.kind === 'SVIP' || r.kind === 'FlashCoin') d.sales_fen[r.kind] += Number(r.fen);
  }
  const byRole = Object.fromEntries(ROLE_KINDS.map((r) => [r, 0])) as Record<RoleKind, number>;
  for (const r of counts.byRole) if (r.role in byRole) byRole[r.role as RoleKind] = r.n;
  return {
    from,
    to,
    users: {
      total: counts.byRole.reduce((sum, r) => sum + r.n, 0),
      by_role: byRole,
      frozen: counts.frozen,
    },
    days: [...byDay.values()],
    conversion: {
      registered: conv.registered,
      paid: conv.paid,
      rate: conv.registered === 0 ? 0 : Math.round((conv.paid / conv.registered) * 10_000) / 10_000,
    },
  };
}
