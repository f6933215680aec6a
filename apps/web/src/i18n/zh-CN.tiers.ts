/**
 * Roles and quotas as the rights tables word them (the upgrade and out-of-quota dialogs, the footer's 会员权益). The
 * figures are not here: the admin can change quotas and prices, so the dialogs read them from /api/quota/table and
 * /api/pay/prices.
 */
export const tiersCopy = {
  columns: {
    role: '身份',
    daily: '每日题量（每科）',
    essay: '作文批改',
    assistant: '助教提问',
    simulate: '模考',
    banks: '题库范围',
  },
  roles: { Trail: '试用用户', FreeVIP: '免费会员', VIP: '会员（VIP）', SVIP: '超级会员（SVIP）' },
  banks: {
    Trail: '公开题',
    FreeVIP: '公开题 + 会员题',
    VIP: '公开题 + 会员题',
    SVIP: '全部题库，含高阶题库（需开通）',
  },
  unlimited: '不限',
  questions: (n: number) => `${n} 题`,
  /** Daily limits that differ by subject. */
  bySubject: (verbal: string, quant: string, words: string) => `语文 ${verbal}，数学 ${quant}，单词 ${words}`,
  withTotal: (daily: string, total: number) => `${daily}，合计 ${total} 题`,
  times: {
    total: (n: number) => `共 ${n} 次`,
    day: (n: number) => `每天 ${n} 次`,
    week: (n: number) => `每周 ${n} 次`,
  },
  /** A simulate allowance over the account's life, as product.md words it ("1 次"). */
  simulateTotal: (n: number) => `${n} 次`,
  loadFailed: '额度表读取失败，请稍后重试。',
  footerIntro: '各身份的每日题量、作文批改、模考次数与题库范围，以及当前的会员价格（以本页显示为准）。',
  subjects: '每科指：填空与阅读、数学、单词分别计数。',
  pricesTitle: '会员价格',
  priceColumns: { tier: '身份', d7: '7 天', m1: '1 个月', m2: '2 个月', m3: '3 个月' },
  priceTiers: { VIP: '会员（VIP）', SVIP: '超级会员（SVIP）' },
  noRefund: '会员开通后不支持退款或更换；闪卡额度购买后不予退还。',
};
