/** Copy of the learner's voucher page `/voucher` (spec page source Voucher) and its links. */
export const voucherCopy = {
  title: '兑换券',
  intro: '输入活动或老师发给你的兑换码，兑换会员时长或闪卡额度。每个兑换码每人只能兑换一次。',
  code: '兑换码',
  placeholder: '字母、数字或短横线，不区分大小写',
  redeem: '立即兑换',
  empty: '请输入兑换码',
  format: '兑换码为 4–32 位字母、数字或短横线',
  rules: [
    '兑换会员时：如你已是同级会员，时长在当前到期日后顺延；超级会员兑换码会将剩余的会员天数按价值折算。',
    '兑换闪卡额度时：额度立即到账，可在“单词”页制作闪卡。',
    '兑换后的会员和额度不退不换。',
  ],
  success: '兑换成功',
  grantedTier: (role: string, days: number) => `已获得 ${role} ${days} 天`,
  grantedCoins: (coins: number) => `已获得 ${coins} 个闪卡额度`,
  nowRole: (role: string, date: string | null) => (date ? `当前身份：${role}，有效期至 ${date}` : `当前身份：${role}`),
  nowCoins: (coins: number) => `现有闪卡额度 ${coins} 个`,
  again: '继续兑换',
  home: '返回首页',
  word: '去制作闪卡',
  /** When the server sends no text of its own for a refusal. */
  refused: {
    not_found: '兑换码不存在，请检查是否输入正确',
    conflict: '该兑换码无法使用（已兑换过、已被兑换完或不在有效期内）',
    invalid_input: '兑换码为 4–32 位字母、数字或短横线',
    rate_limited: '尝试太频繁，请稍后再试',
  } as Record<string, string>,
};
