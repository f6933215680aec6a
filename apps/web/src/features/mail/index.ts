/** The mail feature's face: the nav's unread badge and the operators' notice console (a tab of /operate). */
export { MailBell, MailNavLabel } from './mail-bell';
export { useUnreadCount } from './mail-queries';
export { NoticesConsole } from './notices-console';
