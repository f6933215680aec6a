import type { MailRace, RemindKind } from '@gre/contracts';

/**
 * Mail copy (spec §2 mail and notice pages, §9 races; product.md reminders): the /mail page and its reminder
 * settings, the nav badge, the public notice page and the operators' notice console.
 */
export const mailCopy = {
  races: { remind: '提醒', notice: '通知', chat: '回复' } satisfies Record<MailRace, string>,
  badge: {
    label: (n: number) => (n > 0 ? `站内信，${n} 条未读` : '站内信'),
    unread: (n: number) => `，${n} 条未读`,
  },

  page: {
    title: '站内信',
    intro: '学习提醒、站内通知和讨论区的回复都在这里，未读的排在前面。',
    tabsLabel: '信件类别',
    filterLabel: '阅读状态',
    filter: { all: '全部', unread: '未读' },
    markAllRead: '全部标为已读',
    markedAllRead: (n: number) => (n > 0 ? `已将 ${n} 封标为已读` : '没有未读信件'),
    unread: '未读',
    read: '已读',
    open: '前往查看',
    expand: '展开',
    collapse: '收起',
    empty: { all: '这里还没有信件', unread: '没有未读信件' },
    failed: '信件加载失败',
    total: (n: number) => `共 ${n} 封`,
    settings: '提醒设置',
  },

  settings: {
    title: '提醒设置',
    intro: '关闭的提醒不会再发送到站内信。通知和回复不受影响。',
    kinds: {
      daily_aim: '每日目标未完成',
      streak: '连续打卡将中断',
      review_due: '错题到期复习',
      member_expiring: '会员即将到期',
      trade_paid: '支付成功',
      essay_judged: '作文批改完成',
    } satisfies Record<RemindKind, string>,
    hints: {
      daily_aim: '晚间仍未完成当天的做题目标时提醒',
      streak: '今天还没有学习、连续打卡即将中断时提醒',
      review_due: '有错题到了复习时间时提醒',
      member_expiring: '会员到期前 3 天提醒',
      trade_paid: '订单支付成功后通知',
      essay_judged: '作文批改完成后通知',
    } satisfies Record<RemindKind, string>,
    saved: '提醒设置已保存',
    failed: '提醒设置加载失败',
  },

  notice: {
    title: '站内通知',
    published: (date: string) => `发布于 ${date}`,
    notFound: '通知不存在或链接已失效',
    notFoundHint: '请确认链接完整，或登录后在站内信中查看。',
    failed: '通知加载失败，请稍后重试',
    login: '登录查看更多',
    toMail: '前往站内信',
    open: '查看详情',
  },

  console: {
    title: '站内通知',
    intro: '通知写入一次，由后台任务逐个投递给收件人，每人只收到一封。',
    form: {
      title: '发送通知',
      subject: '标题',
      subjectRequired: '请填写标题',
      content: '正文',
      contentHint: '支持多行文字，也可以使用 HTML（会经过安全过滤）。',
      contentRequired: '请填写正文',
      contentTooLong: (max: number) => `正文过长（最多 ${max} 字符）`,
      link: '站内链接（可选）',
      linkHint: '以 / 开头的站内地址，例如 /word',
      linkInvalid: '请填写以 / 开头的站内地址',
      audience: '收件人',
      audienceKinds: { all: '全部用户', role: '按会员等级', users: '指定用户' },
      roles: '会员等级',
      rolesRequired: '请至少选择一个会员等级',
      users: '用户 ID',
      usersHint: (max: number) => `用逗号或空格分隔，最多 ${max} 个`,
      usersRequired: '请填写用户 ID',
      usersInvalid: (bad: string) => `“${bad}”不是有效的用户 ID`,
      usersTooMany: (max: number) => `最多指定 ${max} 个用户`,
      submit: '发送通知',
      sent: '通知已提交，正在投递',
    },
    confirm: {
      title: '确认发送通知',
      subject: (s: string) => `标题：${s}`,
      audience: '将发送给：',
      all: '全部用户',
      roles: (names: string) => `会员等级为 ${names} 的用户`,
      users: (n: number) => `指定的 ${n} 位用户`,
      irreversible: '发送后无法撤回。',
      ok: '确认发送',
    },
    list: {
      title: '已发送的通知',
      empty: '还没有发送过通知',
      failed: '通知列表加载失败',
      status: { Queued: '排队中', Sending: '发送中', Done: '已完成' },
      delivered: (n: number) => `已送达 ${n} 人`,
      sentAt: (date: string) => `发送于 ${date}`,
    },
  },
};
