import type { Deps } from '../lib/deps.js';
import { SCHEDULED_REMINDERS, sendReminders, type ScheduledReminder } from '../modules/mail/index.js';

/** The learners' calendar: reminders go out at their hour in China, wherever the server runs. */
export const REMINDER_TZ = 'Asia/Shanghai';

export const reminderJob = (kind: ScheduledReminder) => `mail.remind_${kind}`;

/**
 * One cron schedule per reminder kind, at its hour on the Shanghai clock: 09:00 wrong questions due, 10:00 membership
 * ending within 3 days, 20:00 daily aim not met, 21:00 streak at risk. A run twice the same day writes nothing more.
 */
export async function registerReminders(deps: Deps): Promise<void> {
  for (const [kind, hour] of Object.entries(SCHEDULED_REMINDERS) as [ScheduledReminder, number][]) {
    const name = reminderJob(kind);
    await deps.queue.work(name, (_data, d) => sendReminders(d, kind));
    await deps.queue.schedule(name, `0 ${hour} * * *`, { tz: REMINDER_TZ });
  }
}
