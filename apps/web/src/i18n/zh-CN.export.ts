import type { ExportKind, ExportPart, ExportStatus } from '@gre/contracts';

/** /export copy: the learner's own data — questions as PDF or CSV, word cards for Anki, the account as JSON. */
export const exportCopy = {
  title: '导出我的数据',
  intro: '把错题、收藏和笔记导出为可打印的 PDF 或 Excel 表格，把单词导入 Anki，或下载整个账户的数据。文件保留 7 天。',
  form: {
    title: '选择导出内容',
    kind: '导出格式',
    parts: '包含的题目',
    category: '分类',
    start: '开始导出',
    started: '已开始导出，完成后可在下方下载',
    needPart: '请至少选择一类题目',
  },
  kinds: {
    pdf: 'PDF 打印版',
    csv: 'CSV 表格',
    anki: 'Anki 单词卡',
    json: '账户数据（JSON）',
  } satisfies Record<ExportKind, string>,
  kindHints: {
    pdf: '题干、选项、你的答案、正确答案、中文解析和笔记，公式排版，适合打印复习。',
    csv: '每题一行，Excel 和 WPS 可直接打开，便于筛选整理。',
    anki: '闪卡和生词本里的单词（释义、例句），在 Anki 中用「文件 → 导入」打开，字段依次为单词、中文释义、例句。',
    json: '个人资料、会员记录、做题与考试成绩、错题收藏笔记、闪卡、生词本和站内信，只含你自己的数据。',
  } satisfies Record<ExportKind, string>,
  parts: { wrongs: '错题', collect: '收藏', note: '笔记' } satisfies Record<ExportPart, string>,
  categories: { 0: '全部分类', 1: '填空', 2: '阅读', 3: '数学', 4: '写作', 5: '单词' } as Record<number, string>,
  list: {
    title: '我的导出',
    empty: '还没有导出记录',
    failed: '导出记录加载失败',
    retry: '重试',
    created: (time: string) => `提交于 ${time}`,
    expires: (day: string) => `保留至 ${day}`,
    download: '下载',
    downloading: '正在下载…',
    downloadFailed: '下载失败，请稍后重试',
    progressLabel: (kind: string) => `${kind}导出进度`,
  },
  status: {
    Queued: '排队中',
    Running: '生成中',
    Done: '已完成',
    Failed: '失败',
  } satisfies Record<ExportStatus, string>,
};
