/** Copy of the words feature: the click-a-word popover and the word book. */
export const wordsCopy = {
  popoverLabel: (word: string) => `「${word}」的释义`,
  loading: '正在查询…',
  notFound: (word: string) => `词典里暂时没有收录「${word}」。`,
  /** After notFound: a link that searches the word in an online dictionary. */
  searchElsewhere: '去有道词典查一查',
  failed: '查询失败，请稍后再试。',
  /** The clicked word is an inflected or derived form of the headword shown. */
  relation: (word: string, headword: string, kind: string) => `“${word}” 是 ${headword} 的${kind}`,
  /** Every `relation` of the look-up contract (WORD_RELATIONS). */
  relations: {
    past: '过去式',
    past_participle: '过去分词',
    past_forms: '过去式和过去分词',
    present_participle: '现在分词',
    third_person: '第三人称单数',
    comparative: '比较级',
    superlative: '最高级',
    plural: '复数',
    inflection: '变形',
    noun: '名词形式',
    adverb: '副词形式',
  } as Record<string, string>,
  /** A hyphenated compound the dictionary lacks whole, read by its parts. */
  compound: (word: string, parts: string[]) => `“${word}” 是合成词，由 ${parts.join(' + ')} 组成`,
  /** The tag before the sense the GRE tests. */
  greSense: 'GRE 考法',
  /** The add button's name when the card holds several entries. */
  addWord: (headword: string) => `把 ${headword} 加入生词本`,
  gre: 'GRE',
  greHint: 'GRE 核心词汇',
  noSenses: '暂无中文释义',
  add: '加入生词本',
  inBook: '已在生词本',
  close: '关闭',
};
