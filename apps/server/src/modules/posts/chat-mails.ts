import { discussionPath, MAIL_SUBJECT_MAX } from '@gre/contracts';
import type { Deps } from '../../lib/deps.js';
import { deliverMails, type NewMail } from '../mail/index.js';
import { ANONYMOUS_NICK } from './comments.dto.js';
import { subscribersOf } from './posts.repository.js';

/** A comment that everyone can now see, as its chat mails need it. */
export interface PublishedComment {
  id: number;
  topicId: number;
  userId: number;
  nickName: string;
  anonymous: boolean;
  content: string;
  /** The author of the comment replied to, if it is a reply. */
  parentAuthor: number | null;
}

const cut = (s: string) => ([...s].length > MAIL_SUBJECT_MAX ? [...s].slice(0, MAIL_SUBJECT_MAX).join('') : s);

/**
 * The chat mails of a comment once everyone can see it (posted unheld, or approved): one to the author of the comment
 * it replies to, one to each follower of the thread; never to its own author, never two to one learner. Written in
 * the caller's unit of work, once per comment and learner (the occasion `comment:{id}`), so a retried approval does
 * not send again.
 */
export async function sendChatMails(deps: Pick<Deps, 'database' | 'uow'>, c: PublishedComment): Promise<void> {
  const who = c.anonymous ? ANONYMOUS_NICK : c.nickName;
  const link = discussionPath(c.topicId, c.id);
  const mail = (userId: number, subject: string): NewMail => ({
    userId,
    race: 'chat',
    subject: cut(subject),
    content: c.content,
    link,
    occasion: `comment:${c.id}`,
  });
  const mails: NewMail[] = [];
  if (c.parentAuthor !== null && c.parentAuthor !== c.userId) mails.push(mail(c.parentAuthor, `${who} 回复了你的评论`));
  for (const userId of await subscribersOf(deps.database.db, c.topicId)) {
    if (userId === c.userId || userId === c.parentAuthor) continue;
    mails.push(mail(userId, `你关注的题目讨论有新评论：${who}`));
  }
  if (mails.length > 0) await deliverMails(deps, mails);
}
