import { shanghaiClock, shanghaiDate, shanghaiDay, type RemindKind, type RoleKind } from '@gre/contracts';
import { LOCKED_MIN_ROLE } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { dueBefore, reviewCap } from '../../lib/fsrs.js';
import { insertMails, type MailInsert } from './mail.repository.js';
import { reminderTexts, type ReminderText } from './reminder-texts.js';
import { dailyAimShort, insertReminder, membershipsEnding, reviewsDue, streaksAtRisk } from './reminders.repository.js';

/** The reminders a schedule sends, and the hour (Asia/Shanghai) each runs at. */
export const SCHEDULED_REMINDERS = {
  review_due: 9,
  member_expiring: 10,
  daily_aim: 20,
  streak: 21,
} as const satisfies Partial<Record<RemindKind, number>>;
export type ScheduledReminder = keyof typeof SCHEDULED_REMINDERS;

/** Users read and mails written per statement. */
export const REMINDER_BATCH = 1000;
/** Tiers bought with money: their end is worth a reminder; a free trial's is not. */
const PAID_TIERS: readonly RoleKind[] = ['VIP', 'SVIP'];
const DAY_SECONDS = 86_400;
const EXPIRY_NOTICE_DAYS = 3;

type ReminderDeps = Pick<Deps, 'database' | 'clock' | 'settings'>;
interface Due {
  userId: number;
  /** Unique per user with the kind in it: the mail is written once for it, however often the job runs. */
  occasion: string;
  text: ReminderText;
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Sends one scheduled reminder to everyone due it, a batch of users at a time. Each mail's occasion names the kind
 * and the Shanghai day (or the membership's last day), so a retried or repeated run writes nothing twice. A run that
 * starts before the kind's hour on the Shanghai clock — a job delivered late, after midnight — sends nothing: the
 * evening reminders speak of a day that is over by then.
 */
export async function sendReminders(
  deps: ReminderDeps,
  kind: ScheduledReminder,
  size = REMINDER_BATCH,
): Promise<{ sent: number; early: boolean }> {
  const now = deps.clock.now();
  if (Number(shanghaiClock(unix(now)).hour) < SCHEDULED_REMINDERS[kind]) return { sent: 0, early: true };
  const find = await finder(deps, kind, now);
  const { db } = deps.database;
  let sent = 0;
  for (let after = 0; ;) {
    const due = await find(after, size);
    const rows: MailInsert[] = due.map((d) => ({
      userId: d.userId,
      race: 'remind',
      subject: d.text.subject,
      content: d.text.content,
      link: d.text.link,
      occasion: d.occasion,
      createdAt: now,
    }));
    sent += await insertMails(db, rows);
    if (due.length < size) return { sent, early: false };
    after = due.at(-1)!.userId;
  }
}

async function finder(
  deps: ReminderDeps,
  kind: ScheduledReminder,
  now: Date,
): Promise<(after: number, size: number) => Promise<Due[]>> {
  const { db } = deps.database;
  const day = shanghaiDate(now);
  const back = (days: number) => shanghaiDay(unix(now) - days * DAY_SECONDS);
  switch (kind) {
    case 'daily_aim':
      return async (after, size) =>
        (await dailyAimShort(db, day, back(6), after, size)).map((r) => ({
          userId: r.userId,
          occasion: `daily_aim:${day}`,
          text: reminderTexts.daily_aim(r.done, r.aim),
        }));
    case 'streak':
      return async (after, size) =>
        (await streaksAtRisk(db, day, back(1), after, size)).map((r) => ({
          userId: r.userId,
          occasion: `streak:${day}`,
          text: reminderTexts.streak(r.streak),
        }));
    case 'review_due': {
      // The home page offers at most the day's cap of re-reviews; the mail names no more than it will show.
      const cap = reviewCap(await deps.settings.override('review_cap'));
      if (cap === 0) return async () => [];
      return async (after, size) =>
        (await reviewsDue(db, now, dueBefore(now), LOCKED_MIN_ROLE, after, size)).map((r) => ({
          userId: r.userId,
          occasion: `review_due:${day}`,
          text: reminderTexts.review_due(Math.min(r.due, cap)),
        }));
    }
    case 'member_expiring': {
      const until = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_SECONDS * 1000);
      return async (after, size) => {
        const rows = await membershipsEnding(db, now, until, PAID_TIERS, after, size);
        return rows.map((r) => {
          const endDay = shanghaiDate(r.endsAt);
          return {
            userId: r.userId,
            occasion: `member_expiring:${endDay}`,
            text: reminderTexts.member_expiring(r.tier, endDay),
          };
        });
      };
    }
  }
}

type EventDeps = Pick<Deps, 'database' | 'clock' | 'uow'>;

/**
 * The "trade paid" reminder, written in the caller's unit of work (the grant's), so it commits with the grant and a
 * payment reported again finds the occasion taken. Skipped when the learner turned the kind off.
 */
export async function remindTradePaid(
  deps: EventDeps,
  trade: { userId: number; tradeId: number; title: string },
): Promise<boolean> {
  return insertReminder(deps.database.db, 'trade_paid', {
    userId: trade.userId,
    ...reminderTexts.trade_paid(trade.title),
    occasion: `trade_paid:${trade.tradeId}`,
    at: deps.clock.now(),
  });
}

/**
 * The "essay judged" reminder for the essay module: once per essay when the judging job finishes it, and once per
 * grading when a teacher scores it (`by: 'teacher'`; a second grading is news again).
 */
export async function remindEssayJudged(
  deps: EventDeps,
  userId: number,
  essayId: number,
  essay: { title: string; score: number | null; link: string; by?: 'machine' | 'teacher' },
): Promise<boolean> {
  const now = deps.clock.now();
  const byTeacher = essay.by === 'teacher';
  return insertReminder(deps.database.db, 'essay_judged', {
    userId,
    ...reminderTexts.essay_judged(essay.title, essay.score, essay.link, byTeacher),
    occasion: byTeacher ? `essay_graded:${essayId}:${now.getTime()}` : `essay_judged:${essayId}`,
    at: now,
  });
}
