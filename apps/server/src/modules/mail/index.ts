// The mail module's face: the inbox calls, deliverMails for modules that send a mail (chat replies), the notice
// fan-out and the reminders the jobs run, and the event reminders other modules send.
export { mailModule } from './mail.routes.js';
export { deliverMails, type NewMail } from './mail.deliver.js';
export { InboxLookup } from './inbox-lookup.js';
export { fanOutNotice, NOTICE_FANOUT_JOB, type NoticeFanoutData } from './notices.service.js';
export {
  remindEssayJudged,
  remindTradePaid,
  SCHEDULED_REMINDERS,
  sendReminders,
  type ScheduledReminder,
} from './reminders.service.js';
