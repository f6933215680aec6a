import type { RemindKind } from '@gre/contracts';

// The reminders' words. A mail's subject and content are stored with the mail (the inbox shows them as they were
// sent), so they are written here on the server, in Simplified Chinese, rather than in the web's catalogue.

export interface ReminderText {
  subject: string;
  content: string;
  /** The page the mail opens (apps/web/src/route-table.ts). */
  link: string;
}

const TIER_NAMES: Record<string, string> = { VIP: 'VIP 会员', SVIP: 'SVIP 会员' };

/** `M月D日` of a Shanghai `YYYY-MM-DD`. */
const monthDay = (day: string) => `${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

export const reminderTexts = {
  daily_aim: (done: number, aim: number): ReminderText => ({
    subject: '今日目标还没有完成',
    content:
      done === 0
        ? `今天还没有做题，你的每日目标是 ${aim} 题。抽一点时间练一练吧。`
        : `今天已完成 ${done} 题，距离每日目标 ${aim} 题还差 ${aim - done} 题，加油！`,
    link: '/home',
  }),
  streak: (streak: number): ReminderText => ({
    subject: `已连续签到 ${streak} 天，今天别忘了签到`,
    content: `你已经连续签到 ${streak} 天，今天还没有签到。今天结束前签到，连续记录就不会中断。`,
    link: '/home',
  }),
  review_due: (due: number): ReminderText => ({
    subject: `有 ${due} 道错题到了复习时间`,
    content: `按照复习计划，今天有 ${due} 道错题需要复习。及时复习能记得更牢。`,
    link: '/personal/wrongs',
  }),
  member_expiring: (tier: string, endDay: string): ReminderText => ({
    subject: `你的${TIER_NAMES[tier] ?? '会员'}即将到期`,
    content: `你的${TIER_NAMES[tier] ?? '会员'}将于 ${monthDay(endDay)} 到期。到期后将恢复为原来的会员等级，如需继续使用请及时续费。`,
    link: '/personal',
  }),
  trade_paid: (title: string): ReminderText => ({
    subject: '支付成功',
    content: `你购买的「${title}」已支付成功，权益已经到账。`,
    link: '/personal',
  }),
  essay_judged: (title: string, score: number | null, link: string, byTeacher = false): ReminderText => ({
    subject: byTeacher ? '老师批改了你的作文' : '作文批改完成',
    content: byTeacher
      ? `老师批改了你的作文「${title}」${score === null ? '' : `，得分 ${score} 分`}，快去看看老师的评语吧。`
      : score === null
        ? `你的作文「${title}」已经批改完成，快去看看评语吧。`
        : `你的作文「${title}」已经批改完成，得分 ${score} 分，快去看看评语吧。`,
    link,
  }),
} satisfies Record<RemindKind, (...args: never[]) => ReminderText>;
