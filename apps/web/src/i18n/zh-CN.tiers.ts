/**
 * product.md defaults for roles and quotas, as shown in the upgrade dialog and the membership-rights image
 * (public/membership-rights.svg draws the same table). Prices are not here: the admin can change them, so the dialogs
 * read them from /api/pay/prices.
 */
export const tiersCopy = {
  columns: {
    role: '身份',
    daily: '每日题量（每科）',
    essay: '作文批改',
    simulate: '模考',
    banks: '题库范围',
  },
  rows: [
    { role: '试用用户', daily: '30 题，合计 150 题', essay: '共 1 次', simulate: '1 次', banks: '公开题' },
    { role: '免费会员', daily: '100 题', essay: '每天 1 次', simulate: '每周 3 次', banks: '公开题 + 会员题' },
    { role: '会员（VIP）', daily: '300 题', essay: '每天 3 次', simulate: '不限', banks: '公开题 + 会员题' },
    {
      role: '超级会员（SVIP）',
      daily: '不限',
      essay: '每天 10 次',
      simulate: '不限',
      banks: '全部题库，含高阶题库（需开通）',
    },
  ],
  subjects: '每科指：填空与阅读、数学、单词分别计数。',
  pricesTitle: '会员价格',
  priceColumns: { tier: '身份', d7: '7 天', m1: '1 个月', m2: '2 个月', m3: '3 个月' },
  priceTiers: { VIP: '会员（VIP）', SVIP: '超级会员（SVIP）' },
  noRefund: '会员开通后不支持退款或更换；闪卡额度购买后不予退还。',
};
