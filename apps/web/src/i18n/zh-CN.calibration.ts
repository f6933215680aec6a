import { editorCopy } from './zh-CN.editor';

/** /operate 难度校准 (issue 19, docs/calibration.md): the difficulty the answers give beside the author's label. */
export const calibrationCopy = {
  tab: '难度校准',
  intro: (n: number) =>
    `每道题取每位学员第一次作答，按 Rasch 模型（作者标注为先验）估计难度；作答满 ${n} 人后，学员看到的难度与模考分组都以数据为准。每小时自动校准一次。`,
  run: '立即校准',
  running: '校准中…',
  ran: (changed: number, decided: number) =>
    `校准完成：${decided} 道题已由数据定级，本次 ${changed} 道题的显示难度有变化`,
  runFailed: '校准失败，请稍后再试',
  export: '导出校准结果',
  exportHint: '下载 calibration.json：放入 content/ 后重新生成模考，题目按数据难度进入第二部分的易、中、难三档',
  exported: (n: number) => `已导出 ${n} 道由数据定级的题目（calibration.json）`,
  exportFailed: '导出失败，请稍后再试',
  lastRun: (questions: number, decided: number, responses: number, at: string) =>
    `上次校准 ${at}：${questions} 道题有作答（共 ${responses} 次首答），其中 ${decided} 道已由数据定级`,
  never: '还没有可校准的作答：学员作答后每小时自动校准一次，也可以随时手动校准。',
  disagreeOnly: '只看与标注不一致',
  allKinds: '全部题型',
  /** The graded kinds by the names the editor uses (Issue prompts are not calibrated). */
  kinds: Object.fromEntries(Object.entries(editorCopy.kinds).filter(([k]) => k !== 'issue')) as Record<string, string>,
  levels: editorCopy.difficulties,
  columns: {
    question: '题目',
    author: '作者标注',
    data: '数据难度',
    shown: '当前显示',
    responses: '首答人数',
    pCorrect: '正确率',
    median: '用时中位数',
    logit: '难度估计 b',
  },
  undecided: (n: number) => `作答不足 ${n} 人`,
  disagree: '不一致',
  seconds: (s: number) => `${Math.round(s)} 秒`,
  logit: (b: number, se: number) => `${b.toFixed(2)} ± ${se.toFixed(2)}`,
  empty: '没有符合条件的题目',
  failed: '校准数据读取失败',
};
