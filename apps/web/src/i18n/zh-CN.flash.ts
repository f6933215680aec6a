import type { CardStage, FlashSource } from '@gre/contracts';

/**
 * Flash-card copy (spec §2 flash/{flashID}, create-flash and pay-flash dialogs, personal/card; product.md "Flash
 * cards"). The dialog host imports this file alone for the create dialog's title, so it holds only flash strings.
 */
export const flashCopy = {
  create: {
    title: '创建闪卡组',
    source: '词源',
    sources: {
      pick: '精选题库词汇',
      best: '高频精选词汇',
      filling: '填空词汇',
      math: '数学词汇',
      six_two: '六选二词汇',
      word_book: '我的生词本',
      gre_band: 'GRE 词表频段',
      collected: '收藏的闪卡',
      met: '查词记录',
      review: '今日复习',
    } satisfies Record<FlashSource, string>,
    book: '生词本',
    noBooks: '还没有生词本：在文章中点击单词后选择「加入生词本」即可建立。',
    band: '频段',
    bandName: (n: number) => `频段 ${n}`,
    bandHint: '频段 1 为真题文章中出现最多的词',
    tag: '收藏来源',
    tags: { '': '全部收藏', pick: '精选', best: '高频', card: '其他' } as Record<string, string>,
    limit: '卡片数量上限',
    limitUnit: '张',
    excludeUsed: '排除已建卡组的词',
    excludeUsedHint: '已放进你任一闪卡组的单词不再加入。',
    excludeCorrect: '排除已答对题目中的词',
    excludeCorrectHint: '你答对过的题目里的单词不再加入。',
    excludeFlashed: '排除已掌握的词',
    excludeFlashedHint: '在闪卡组中已掌握、正在长期复习的单词不再加入。',
    checking: '正在计算…',
    checkLine: (pool: number, cards: number, coins: number, balance: number) =>
      `词源 ${pool} 个，将生成 ${cards} 张卡，需要 ${coins} 题额度，当前剩余 ${balance} 题`,
    reviewLine: (pool: number, cards: number) => `今日待复习 ${pool} 个，将生成 ${cards} 张卡，复习不消耗额度`,
    empty: '按当前条件没有可用的单词，请换一个词源或放宽排除条件。',
    checkFailed: '暂时无法计算卡片数量，请稍后再试。',
    submit: '创建',
    cancel: '取消',
    created: '闪卡组已创建',
  },
  payFlash: {
    title: '闪卡额度不足',
    body: (need: number, have: number) => `这组闪卡需要 ${need} 题额度，你当前剩余 ${have} 题。购买额度后即可创建。`,
    buy: '购买闪卡额度',
    reduce: '减少卡片数量',
  },
};

export type StageNames = Record<CardStage, string>;
