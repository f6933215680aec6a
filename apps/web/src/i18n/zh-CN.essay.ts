/**
 * Copy of essay judging (issue 17): the score and its band, the judging states, the rubric's dimensions, 我的作文 on
 * /idea and the teachers' 作文批改 in /operate. Small and free of other copy, so the exam result can use its score text.
 */

/** A score on the 0–6 half-point scale, always with one decimal ("4.0"), as ETS reports Analytical Writing. */
const score = (n: number) => n.toFixed(1);

export const essayCopy = {
  score,
  /** The range the machine's score honestly stands for (docs/essay-judge.md); never a finer figure. */
  band: (low: number, high: number) => `可信区间 ${score(low)}–${score(high)}`,
  bandNote: '机器评分只能测准到大约 ±1 分，所以同时给出可信区间；以区间为准，不必纠结小数。',
  teacherScored: '老师评分',
  /** A score on one line, as a table cell shows it: "4.0（3.0–5.0）"; a band of one point (a teacher's) is the score. */
  scoreLine: (n: number, low: number, high: number) =>
    low === high ? score(n) : `${score(n)}（${score(low)}–${score(high)}）`,
  /** The score as a screen reader says it: with its band, as the teacher's, or alone. */
  scoreAria: (n: number, band: { low: number; high: number } | null, teacher = false) =>
    teacher
      ? `作文得分 ${score(n)}（老师评分）`
      : band
        ? `作文得分 ${score(n)}，可信区间 ${score(band.low)}–${score(band.high)}`
        : `作文得分 ${score(n)}`,
  status: { Empty: '未批改', Judging: '评分中', Finished: '已评分', Failed: '评分失败' } as Record<string, string>,
  /** Judging's progress, 0–100. */
  progress: (p: number) => `批改进度 ${p}%`,
  judgingHint: '作文正在批改，通常几秒到一分钟内完成；本页会自动刷新。',
  emptyReason: '这篇作文还没有批改。',
  failedReason: '这次批改没有成功，作文本身已保存。',
  judge: '申请批改',
  rejudge: '重新批改',
  judgeAsked: '已提交批改申请',
  words: (n: number) => `${n} 词`,
  dimensions: {
    position: '立场',
    reasoning: '论证',
    examples: '例证',
    organisation: '结构',
    language: '语言',
  } as Record<string, string>,
  judges: { machine: '机器评阅', model: '模型评阅' } as Record<string, string>,
  sources: {
    teacher: '老师评分',
    agreed: '机器与模型评分一致，取两者平均',
    machine: '机器评分',
    model: '模型评分',
  } as Record<string, string>,
  needsTeacher: '需复核',
  needsTeacherHint: '两个评阅意见差距较大，已请老师复核；复核前先显示机器评分。',
  /** The rank among essays on the same prompt, as the server words it ('前 20%', '暂无可比较的作文'). */
  rank: (r: string) => `同题排名：${r}`,
  notes: '整体提示',
  comments: '分项点评',
  noComments: '这篇作文暂时没有分项点评。',
  essayText: '作文原文',
  prompt: '题目',
  highlightHint: '点选一条点评，原文中对应的句子会被标出。',
  showRanges: (dimension: string) => `在原文中标出「${dimension}」点评所指的句子`,
  teacher: {
    title: '老师批改',
    by: (name: string, when: string) => `${name} · ${when}`,
  },
  mine: {
    tab: '我的作文',
    promptsTab: '写作思路',
    intro: '模考和写作练习中写过的作文都在这里：查看评分、分项点评和原文中被点评的句子。',
    empty: '还没有写过作文',
    emptyHint: '在模考或写作练习中写一篇 Issue 作文，提交后会自动批改。',
    failed: '作文列表加载失败',
    detailFailed: '作文加载失败',
    notFound: '找不到这篇作文',
    count: (n: number) => `共 ${n} 篇`,
    back: '返回作文列表',
    columns: { title: '题目', date: '写作时间', status: '状态', score: '得分' },
  },
  queue: {
    tab: '作文批改',
    intro: '机器已批改、尚无老师评分的作文：需复核的排在前面，其余按提交先后。老师的评分会替代机器评分，并通知学员。',
    flaggedOnly: '只看需复核',
    empty: '没有待批改的作文',
    failed: '待批改作文加载失败',
    total: (n: number) => `共 ${n} 篇待批改`,
    learner: (name: string, id: number) => `${name}（ID ${id}）`,
    machineScore: (s: string) => `机器 ${s}`,
    modelScore: (s: string) => `模型 ${s}`,
    none: '—',
    open: '批改',
    back: '返回待批改列表',
    form: {
      title: '给出评分',
      score: '评分',
      scorePlaceholder: '选择 0–6 分',
      scoreRequired: '请选择评分',
      comment: '评语',
      commentPlaceholder: '写给学员的评语：优点、主要问题和下一步怎么改（学员可见）',
      commentRequired: '请填写评语',
      submit: '提交批改',
      submitted: '批改已提交',
    },
  },
};

export type EssayCopy = typeof essayCopy;
