/** Copy of the words feature: the click-a-word popover and the word book. */
export const wordsCopy = {
  popoverLabel: (word: string) => `「${word}」的释义`,
  loading: '正在查询…',
  notFound: (word: string) => `词典里暂时没有收录「${word}」，换个词试试吧。`,
  failed: '查询失败，请稍后再试。',
  /** The clicked word is an inflected form of the headword shown (ECDICT exchange). */
  formOf: (word: string, headword: string) => `「${word}」由 ${headword} 变形而来`,
  /** ECDICT exchange codes (`form_of`); '0' (a form of unspecified kind) has no name. */
  formKinds: {
    p: '过去式',
    d: '过去分词',
    i: '现在分词',
    '3': '第三人称单数',
    r: '比较级',
    t: '最高级',
    s: '复数',
  } as Record<string, string>,
  gre: 'GRE',
  greHint: 'GRE 核心词汇',
  noSenses: '暂无中文释义',
  add: '加入生词本',
  inBook: '已在生词本',
  close: '关闭',
};
