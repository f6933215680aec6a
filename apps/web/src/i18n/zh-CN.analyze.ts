/** Copy of /analyze 成长分析 (issue 5). The score-window labels are the report page's (zh.records.report.windows). */
export const analyzeCopy = {
  title: '成长分析',
  intro: '回顾你的分数走势、各题型正确率与用时，找到下一步最值得练的地方。',
  overall: {
    questions: '累计作答',
    accuracy: '总正确率',
    unansweredNote: (n: number) => `另有 ${n} 题未作答`,
    accuracyNote: (correct: number, answered: number) => `答对 ${correct} / 已答 ${answered} 题`,
    time: '学习时长',
    exams: '完成练习',
    days: '学习天数',
    streak: '连续签到',
    bestStreak: (n: number) => `最长 ${n} 天`,
    questionsUnit: '题',
    examsUnit: '次',
    daysUnit: '天',
    definition:
      '正确率 = 答对题数 ÷ 已作答题数。未作答的题单独计数，不算作答错；总正确率和各题型正确率都按这个口径计算。',
  },
  averages: {
    title: '平均分',
    verbal: '平均语文',
    quant: '平均数学',
    total: '平均总分',
    count: (n: number) => `统计范围内 ${n} 次模考`,
  },
  trend: {
    title: '模考分数趋势',
    label: '模考分数趋势图：语文、数学与总分',
    empty: '该统计范围内没有完成的模考',
    emptyAction: '去模考',
  },
  kinds: {
    accuracyTitle: '各题型正确率',
    accuracyLabel: '各题型正确率柱状图',
    timeTitle: '各题型平均每题用时',
    timeLabel: '各题型平均每题用时柱状图',
    accuracy: '正确率',
    time: '平均用时',
    seconds: '秒',
    answered: (correct: number, answered: number) => `答对 ${correct} / 已答 ${answered} 题`,
    unanswered: (n: number) => `未作答 ${n} 题`,
    /** The counts under a kind's name on the accuracy chart. */
    counts: (correct: number, answered: number, unanswered: number) =>
      unanswered > 0 ? `${correct}/${answered} · 未答 ${unanswered}` : `${correct}/${answered}`,
    noAnswer: '未作答',
    empty: '该统计范围内没有作答记录',
  },
  empty: {
    title: '还没有学习数据',
    hint: '完成一次练习或模考后，这里会显示你的分数趋势与各题型表现。',
    action: '去大题库练习',
  },
  refresh: {
    action: '重新统计近 30 天',
    tip: '按你的练习记录重新计算最近 30 天每天的做题数、正确率和用时。日历或统计数字看起来不对时，可以点这里。',
    done: (days: number) =>
      days > 0 ? `已重新统计近 30 天，其中 ${days} 天有练习记录` : '已重新统计近 30 天，这段时间没有练习记录',
  },
  failed: '成长数据暂时无法加载',
  retry: '重试',
};
