/** Copy of the /idea page: the Issue prompt library with Chinese outlines. */
export const ideaCopy = {
  title: '写作思路',
  intro:
    'GRE Issue 写作题库：每道题目都附有中文思路提纲——立场、分论点与例证、让步与反驳、结论，帮助你在 30 分钟内迅速搭好文章骨架。',
  searchPlaceholder: '搜索题目关键词（中文或英文）',
  keywordTooShort: '请至少输入 2 个字',
  allDifficulties: '全部',
  count: (n: number) => `共 ${n} 道题目`,
  empty: '没有找到符合条件的题目',
  emptyHint: '换个关键词或难度试试',
  listFailed: '题目列表加载失败',
  lockedTag: '会员',
  lockedAria: '会员题目，已锁定',
  pickOne: '从左侧选择一道题目，查看题目原文与思路提纲',
  backToList: '返回题目列表',
  prompt: '题目原文',
  outline: '思路提纲',
  keyWords: '关键词',
  strongEssay: '高分作文的特征',
  noOutline: '这道题目暂时还没有思路提纲',
  heldInExam: '这道题目在你尚未交卷的考试中，交卷后即可查看思路提纲与范文要点。',
  detailFailed: '题目加载失败',
  locked: {
    title: '这是一道会员题目',
    body: '当前账号只能查看公开题目，开通会员后即可查看题目原文与完整思路。',
    action: '查看开通方式',
  },
  /** Outline section kinds, from the headings the content uses (立场选择, 分论点一…, 让步与反驳, 结论). */
  roles: {
    stance: '立场',
    point: '论点',
    concession: '让步与反驳',
    conclusion: '结论',
    other: '要点',
  },
  example: '例证',
  pointN: (n: number) => `论点${'一二三四五六七八九十'[n - 1] ?? n}`,
};
