/** Copy of the admin /sync page: upload a content package, dry run it, import it. */
export const syncCopy = {
  title: '内容同步',
  intro:
    '上传内容包（题目、篇章、题本的 .json 文件与单词表 .csv 文件），先预检列出全部问题，确认无误后整包导入：要么全部写入，要么一条也不写；再次导入同一编号的内容会原地更新，不会重复。',
  pick: {
    folder: '选择文件夹',
    files: '选择文件',
    clear: '清空',
    hint: '选择整个内容文件夹（例如 content/），或多选 .json 与 .csv 文件。',
    reading: '正在读取文件…',
    readFailed: (name: string) => `无法读取文件 ${name}`,
  },
  files: {
    title: '已选文件',
    name: '文件',
    size: '大小',
    status: '状态',
    willSend: '上传',
    count: (sent: number, skipped: number) =>
      skipped > 0 ? `${sent} 个文件将上传，${skipped} 个已跳过` : `${sent} 个文件将上传`,
    none: '尚未选择文件',
    total: (size: string, max: string) => `合计 ${size} / 上限 ${max}`,
    overLimit: (size: string, max: string) =>
      `所选文件合计 ${size}，超过单次导入上限 ${max}。请分成几个较小的内容包分别导入。`,
    tooMany: (n: number, max: number) => `所选文件共 ${n} 个，超过单次导入上限 ${max} 个。请分批导入。`,
    nameTooLong: (max: number) => `路径超过 ${max} 个字符`,
  },
  /** Why a file in the selection is not sent. */
  skip: {
    type: '不是 .json 或 .csv 文件',
    tooling: '工具配置文件，不是内容',
    hidden: '隐藏文件或依赖目录',
  },
  actions: {
    dryRun: '预检',
    import: '导入',
    importHint: '请先对当前所选文件完成预检，且没有任何问题',
    confirmTitle: '确认导入',
    confirmBody: (questions: number, words: number, books: number) =>
      `将导入 ${questions} 道题目、${words} 个单词、${books} 个题本。已有编号的内容会被更新，所列题本的题目清单会被替换。整个内容包在一个事务中写入，任何一处出错都不会写入。`,
    confirmOk: '导入',
  },
  summary: {
    title: '预检结果',
    files: '文件',
    passages: '篇章',
    questions: '题目',
    words: '单词',
    books: '题本',
    bookItems: '题本条目',
    valid: '预检通过：没有发现问题，可以导入。',
    invalid: (n: number) => `发现 ${n} 个问题，全部修正后才能导入。`,
    truncated: (shown: number, total: number) =>
      `这里列出前 ${shown} 个问题（共 ${total} 个）；命令行 npm run content:import -- <文件夹> --dry-run 会列出全部问题。`,
    stale: '所选文件已变化，请重新预检。',
  },
  problems: {
    title: '问题列表',
    file: '文件',
    path: 'JSON 路径',
    message: '问题',
    allFiles: '全部文件',
    search: '筛选路径或问题描述',
    count: (shown: number, total: number) =>
      shown === total ? `${total} 个问题` : `筛选出 ${shown} / ${total} 个问题`,
    none: '没有符合筛选条件的问题',
  },
  skipped: {
    title: '跳过的文件',
    server: '服务器跳过',
    client: '未上传',
  },
  result: {
    title: '导入完成',
    subtitle: '搜索索引已同步刷新，新内容立即可在题库中检索。',
    kind: '类别',
    created: '新建',
    updated: '更新',
    total: '合计',
    questionsWithWords: '题目（含单词）',
    wordsLine: (questions: number, words: number) => `其中题目 ${questions} 道、单词 ${words} 个`,
    bookItemsLine: (n: number) => `题本条目 ${n} 条`,
    removed: (n: number) => `题本中不再列出、已移除的条目：${n} 条`,
  },
  errors: {
    tooLarge: '内容包超过服务器允许的大小，请拆分后再试。',
    refused: '导入被拒绝：内容与预检时不一致或仍有问题，请重新预检。',
    badFile: (name: string) => `文件 ${name} 含有无法保存的字符（控制字符或残缺的 Unicode 字符），请清理后重新选择。`,
    invalid: '服务器拒绝了这个内容包：',
  },
};
