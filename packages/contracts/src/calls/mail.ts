import { z } from 'zod';
import { emptySchema, idSchema, pageControlSchema, str } from '../common.js';
import { defineCall } from '../define.js';
import { ROLE_KINDS } from '../enums.js';

/** Spec §9 mail races: reminders, operator notices, replies to the learner's posts and comments. */
export const MAIL_RACES = ['remind', 'notice', 'chat'] as const;
export type MailRace = (typeof MAIL_RACES)[number];
/** Spec §4 mail status. */
export const MAIL_STATUSES = ['Inbox', 'Read'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The reminder kinds a learner can turn off (product.md): today's aim not met by the evening, a streak about to break,
 * wrong questions due for review, membership ending in 3 days, a trade paid, an essay judged.
 */
export const REMIND_KINDS = [
  'daily_aim',
  'streak',
  'review_due',
  'member_expiring',
  'trade_paid',
  'essay_judged',
] as const;
export type RemindKind = (typeof REMIND_KINDS)[number];

/** Briefs per race on the inbox: the newest first. */
export const INBOX_BRIEFS = 5;
export const MAIL_SUBJECT_MAX = 100;
/** A notice's body: sanitised rich text (the comment allowlist). */
export const NOTICE_CONTENT_MAX = 20_000;
/** Users a notice may name one by one; larger audiences go by role or to all. */
export const NOTICE_USERS_MAX = 1000;
/** The notice link's token: 32 bytes, base64url. */
export const NOTICE_TOKEN_LENGTH = 43;

/**
 * An in-app address (`/review/...`, `/notice/...`) or nothing: mails never link off-site, so a link cannot carry a
 * `javascript:` URL or send a learner to another host.
 */
export const mailLinkSchema = z
  .string()
  .max(300)
  .regex(/^\/[A-Za-z0-9\-._~/?=&%#]*$/, 'an address inside the site, starting with /')
  .refine((s) => !s.startsWith('//'), 'an address inside the site, starting with /');

/** Spec §3 Mail. Stamps are Unix seconds. `content` is sanitised HTML for notices and chat, plain text for reminders. */
export const mailSchema = z.object({
  id: z.number().int(),
  race: z.enum(MAIL_RACES),
  subject: z.string(),
  content: z.string(),
  status: z.enum(MAIL_STATUSES),
  link: z.string().nullable(),
  created_stamp: z.number().int(),
});
export type Mail = z.infer<typeof mailSchema>;

/** A mail on the inbox: without its content. */
export const mailBriefSchema = mailSchema.omit({ content: true });
export type MailBrief = z.infer<typeof mailBriefSchema>;

const inboxRaceSchema = z.object({
  mails: z.array(mailBriefSchema),
  has_more: z.boolean(),
  unread: z.number().int(),
});

/** Who a notice goes to: every active learner, learners of some roles, or named users. */
export const noticeAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('role'), roles: z.array(z.enum(ROLE_KINDS)).min(1).max(ROLE_KINDS.length) }),
  z.strictObject({ kind: z.literal('users'), user_ids: z.array(idSchema).min(1).max(NOTICE_USERS_MAX) }),
]);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

export const NOTICE_STATUSES = ['Queued', 'Sending', 'Done'] as const;

/** A notice as the operator sees it: written once, fanned out to its audience by a job. */
export const noticeSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  audience: noticeAudienceSchema,
  status: z.enum(NOTICE_STATUSES),
  /** Mails written so far; the audience size once Done. */
  delivered: z.number().int(),
  created_by: z.number().int(),
  created_stamp: z.number().int(),
});
export type Notice = z.infer<typeof noticeSchema>;

export { pageControlSchema, type PageControl } from '../common.js';

export const mailCalls = {
  inboxGet: defineCall({
    path: '/api/mail/inbox/get',
    auth: 'user',
    summary: 'The inbox: the newest remind and notice briefs, each with has_more and its unread count, and all unread',
    request: emptySchema,
    response: z.object({
      remind: inboxRaceSchema,
      notice: inboxRaceSchema,
      /** Unread mails of every race (the nav badge). */
      unread_count: z.number().int(),
    }),
  }),
  inboxMarkRead: defineCall({
    path: '/api/mail/inbox/mark_read',
    auth: 'user',
    summary: 'Mark mails read: some by id, or every mail of a race',
    request: z
      .strictObject({
        ids: z.array(idSchema).min(1).max(200).optional(),
        race: z.enum(MAIL_RACES).optional(),
      })
      .refine((b) => (b.ids === undefined) !== (b.race === undefined), {
        message: 'either ids or race, not both',
      }),
    response: z.object({ updated: z.number().int(), unread_count: z.number().int() }),
  }),
  gets: defineCall({
    path: '/api/mail/gets',
    auth: 'user',
    summary: "The learner's mails, unread first then newest, filtered by race and status, a page at a time",
    request: z.strictObject({
      race: z.enum(MAIL_RACES).optional(),
      status: z.enum(MAIL_STATUSES).optional(),
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(50).default(20),
    }),
    response: z.object({
      mails: z.array(mailSchema),
      page_control: pageControlSchema,
      unread_count: z.number().int(),
    }),
  }),
  sendNotice: defineCall({
    path: '/api/mail/send_notice',
    auth: 'operator',
    summary: 'Write a notice once; a job delivers it to its audience (all, by role, named users), each user once',
    request: z.strictObject({
      subject: str(MAIL_SUBJECT_MAX, 1),
      content: str(NOTICE_CONTENT_MAX, 1),
      link: mailLinkSchema.nullable().default(null),
      audience: noticeAudienceSchema,
    }),
    response: noticeSchema,
  }),
  notices: defineCall({
    path: '/api/mail/notices',
    auth: 'operator',
    summary: 'Notices sent, newest first, with how many mails each has delivered',
    request: z.strictObject({
      page: z.number().int().min(1).max(10_000).default(1),
      page_size: z.number().int().min(1).max(50).default(20),
    }),
    response: z.object({ notices: z.array(noticeSchema), page_control: pageControlSchema }),
  }),
  getNotice: defineCall({
    path: '/api/mail/get_notice',
    auth: 'public',
    summary: 'A notice by its link: the user, the notice and the token made for both; nothing else, no login',
    request: z.strictObject({
      user_id: idSchema,
      id: idSchema,
      // The length lives in the pattern (a bound as well), so a generator of matching strings makes only valid ones.
      token: z
        .string()
        .max(NOTICE_TOKEN_LENGTH)
        .regex(new RegExp(`^[A-Za-z0-9_-]{${NOTICE_TOKEN_LENGTH}}$`)),
    }),
    response: z.object({
      id: z.number().int(),
      subject: z.string(),
      content: z.string(),
      link: z.string().nullable(),
      created_stamp: z.number().int(),
    }),
  }),
  getSettings: defineCall({
    path: '/api/mail/settings/get',
    auth: 'user',
    summary: 'Which reminder kinds the learner has turned off',
    request: emptySchema,
    response: z.object({ off: z.array(z.enum(REMIND_KINDS)) }),
  }),
  updateSettings: defineCall({
    path: '/api/mail/settings/update',
    auth: 'user',
    summary: 'Turn reminder kinds off (the ones listed) and on (the rest)',
    request: z.strictObject({ off: z.array(z.enum(REMIND_KINDS)).max(REMIND_KINDS.length) }),
    response: z.object({ off: z.array(z.enum(REMIND_KINDS)) }),
  }),
};
