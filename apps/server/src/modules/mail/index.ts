// The mail module's face: the inbox calls, and deliverMails for modules that send a mail (chat replies, reminders).
export { mailModule } from './mail.routes.js';
export { deliverMails, type NewMail } from './mail.deliver.js';
