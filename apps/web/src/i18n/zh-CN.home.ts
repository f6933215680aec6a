/** Copy of the home dashboard's study cards (issue 5); merged into `zh.home` beside the profile copy of zh-CN.pages.ts. */
export const homeCopy = {
  today: {
    title: '今日学习',
    questions: '题数',
    accuracy: '正确率',
    time: '用时',
    words: '新增生词',
    questionsUnit: '题',
    wordsUnit: '个',
    dash: '—',
    aimProgress: (done: number, aim: number) => `今日目标进度：${done} / ${aim} 题`,
    aimReached: '今日目标已完成，继续保持！',
    aimProgressLabel: '今日目标完成进度',
    failed: '今日学习数据暂时无法加载',
    quotaTitle: (role: string) => `今日额度（${role}）`,
    quotaHint: '打开一道题即计入当天额度，同一道题当天只计一次；明天 0 点（北京时间）恢复。',
    quotaSubject: (name: string, used: number, limit: number | null) =>
      limit === null ? `${name} ${used}（不限）` : `${name} ${used} / ${limit}`,
    quotaTotal: (used: number, limit: number) => `总题量 ${used} / ${limit}`,
  },
  signIn: {
    title: '每日签到',
    button: '签到',
    done: '今日已签到',
    streak: (n: number) => `已连续签到 ${n} 天`,
    best: (n: number) => `最长连续 ${n} 天`,
    success: (n: number) => `签到成功，已连续签到 ${n} 天`,
    already: '今天已经签到过了',
    hint: '每天签到一次，连续签到天数会累计',
  },
  calendar: {
    title: '学习日历',
    month: (month: string) => `${month.slice(0, 4)} 年 ${Number(month.slice(5, 7))} 月`,
    prev: '上个月',
    next: '下个月',
    signedDays: (n: number) => `本月签到 ${n} 天`,
    activeDays: (n: number) => `做题 ${n} 天`,
    legend: '颜色越深，当天做题越多；✓ 表示当天已签到',
    /** The chart's accessible name: what a sighted learner reads off the cells. */
    label: (month: string, signed: string[], active: number) =>
      `${month} 学习日历：做题 ${active} 天；${signed.length > 0 ? `已签到：${signed.join('、')}` : '本月尚未签到'}`,
    dayTip: (day: string, questions: number, signed: boolean) =>
      `${day}<br/>做题 ${questions} 道${signed ? '<br/>✓ 已签到' : ''}`,
    // Sunday first, as ECharts indexes them; the calendar itself starts its rows on Monday.
    weekdays: ['日', '一', '二', '三', '四', '五', '六'],
  },
  due: {
    title: '今日待复习',
    count: (n: number) => `${n} 题`,
    progress: (done: number, cap: number) => `今日已复习 ${done} 题，每日上限 ${cap} 题`,
    more: (n: number) => `另有 ${n} 题已到期，明天继续`,
    start: '开始复习',
    wrongs: '查看错题本',
    none: '今天没有需要复习的错题',
    capReached: '今天的复习已达上限，明天再来',
    failed: '待复习的题目暂时无法加载',
  },
  resume: {
    title: '继续上次练习',
    button: '继续练习',
    none: '没有未完成的练习',
    start: '去模考',
  },
  quick: {
    title: '快速开始',
    simulate: '模考',
    simulateHint: '按真实机考的顺序与时间完整模考',
    big: '大题库',
    bigHint: '按科目、题型和难度筛选练习',
    analyze: '成长分析',
    analyzeHint: '分数趋势与各题型正确率',
  },
};
