/** Copy of the exam screen /exam/{examID}: intro, the test screen, review, section end, calculator and the result. */

type Level = 'top' | 'strong' | 'solid' | 'developing' | 'foundation';

/**
 * A section's time limit as the intro states it: exact, never rounded (a 90-second section is not "约 2 分钟") —
 * seconds under 2 minutes, whole minutes, otherwise minutes and seconds.
 */
function timeLimit(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 120) return `${s} 秒`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分钟`;
}

/** mm:ss, or h:mm:ss from an hour up. */
function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export const examCopy = {
  clock,
  timeLimit,
  duration: (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 60) return `${s} 秒`;
    const m = Math.floor(s / 60);
    return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分钟`;
  },
  failedTitle: '考试暂时无法加载',
  failedBody: '请检查网络后重试。',
  retry: '重试',
  backRecord: '返回练习记录',

  intro: {
    kicker: '考前说明',
    sectionsTitle: '考试结构',
    columns: { section: '部分', questions: '题数', time: '时间' },
    questions: (n: number) => `${n} 题`,
    untimed: '不限时',
    total: (questions: number, seconds: number, timed: boolean) =>
      timed ? `共 ${questions} 题，总时长 ${timeLimit(seconds)}` : `共 ${questions} 题，不限时（正计时）`,
    rulesTitle: '考试须知',
    rules: [
      '每个部分单独计时，时间到后本部分自动提交；提交后不能再返回修改。',
      '在同一部分内可以用“上一题”“下一题”自由前后移动，也可以在“复查”页面跳到任意一题。',
      '拿不准的题目可以点击“标记”，在复查页面集中查看。',
      '答案在作答时自动保存；刷新页面或换一台设备登录，都会从上次的位置继续。',
      '数学部分可使用屏幕计算器；作文部分没有拼写检查，与真实考试一致。',
    ],
    /** How the clock treats a closed page: timed sections keep running (as on the test), count-up practice pauses. */
    clockTimed: '每个部分从开始（或上一部分提交）起计时，时间持续流逝，离开页面也不会暂停（与真实考试一致）。',
    clockCountUp: '离开考试页面时计时暂停（最多计入 20 秒），回来后继续计时。',
    adaptive: 'Verbal 与 Quant 的第二部分难度由第一部分的答对题数决定（分段自适应）。',
    countUp: '本次为不限时练习：计时器从零正计时，不会自动提交。',
    noAutoCommit: '本次时间到后不会自动提交，但超时后的作答不会被保存。',
    start: '开始考试',
    starting: '正在开始…',
    /** The mock's screen language (users.exam_ets_mode), remembered for the next mocks. */
    etsTitle: '考试界面',
    etsSwitch: 'ETS 模式（英文界面）',
    etsOn:
      '与真实考试一致：Mark、Review、Help、Exit Section 等按钮和提示均为英文；作文题目在左、输入框在右（手机上为上下排列），提供 Cut、Paste、Undo、Redo。',
    etsOff: '中文界面：按钮和提示为中文，适合先熟悉考试流程。',
    etsRemembered: '你的选择会被记住，之后的模考沿用。',
    keysTitle: '快捷键',
    keys: '← / → 或 Alt+B / Alt+N：上一题 / 下一题；Alt+M：标记；Alt+R：复查；数字键：选择选项；Esc：关闭计算器或复查页面',
  },

  bar: {
    progress: (n: number, total: number) => `第 ${n} 题 / 共 ${total} 题`,
    exit: '退出本节',
    review: '复查',
    mark: '标记',
    unmark: '取消标记',
    back: '上一题',
    next: '下一题',
    calculator: '计算器',
    hideTime: '隐藏',
    showTime: '显示',
    timeLeft: '剩余时间',
    timeUsed: '已用时间',
    timerHidden: '计时已隐藏',
    toolbar: '考试操作',
    marked: '已标记',
  },

  save: {
    saving: '保存中…',
    saved: '已保存',
    retrying: '保存失败，正在重试…',
  },

  /** The banner under the bar while the network is gone and until what was queued meanwhile is synced. */
  network: {
    offline: '网络已断开，答案已保存在本机，恢复连接后会自动同步',
    offlineSubmit: '网络已断开，本部分将在恢复连接后提交，答案已保存在本机',
    syncing: '网络已恢复，正在同步…',
    synced: '已同步',
  },

  exitDialog: {
    title: '退出本节？',
    body: '退出后本部分将被提交，不能再返回修改本部分的答案。',
    unanswered: (n: number) => `本部分还有 ${n} 题未作答。`,
    confirm: '退出本节',
    cancel: '继续作答',
  },

  review: {
    title: '复查',
    intro: '点击题号可跳到该题。已标记的题目会显示旗帜图标。',
    columns: { number: '题号', status: '状态', marked: '标记' },
    back: '返回作答',
    goTo: (n: number) => `跳到第 ${n} 题`,
  },

  status: {
    Answered: '已作答',
    NotAnswered: '未作答',
    NotEncountered: '未浏览',
    marked: '已标记',
  } as Record<string, string>,

  end: {
    title: '本节结束',
    timeUp: '本节时间已到',
    autoSubmitted: '本部分已自动提交。',
    submitted: '本部分已提交。',
    reachedEnd: '你已到达本部分的最后一题。提交前可以回到本部分继续检查。',
    timeUpNoCommit: '本部分时间已到，超时后的作答不会被保存，请提交本部分。',
    answered: '已作答',
    unanswered: '未作答',
    marked: '已标记',
    count: (n: number) => `${n} 题`,
    unansweredList: '未作答的题目',
    markedList: '已标记的题目',
    continue: '继续下一部分',
    finish: '提交并查看成绩',
    showResult: '查看成绩',
    back: '回到本节',
    nextSection: (name: string) => `下一部分：${name}`,
  },

  calc: {
    title: '计算器',
    label: '屏幕计算器',
    close: '关闭计算器',
    drag: '拖动计算器',
    transfer: '转入答案',
    transferHint: '只有数值输入题可以转入答案',
    transferred: '已转入答案',
    memory: '存储器中有数值',
    keys: {
      sqrt: '平方根',
      neg: '正负号',
      C: '全部清除',
      CE: '清除当前输入',
      MR: '读取存储',
      MC: '清除存储',
      'M+': '加入存储',
      '.': '小数点',
      '+': '加',
      '-': '减',
      '*': '乘',
      '/': '除',
      '=': '等于',
    } as Record<string, string>,
  },

  result: {
    title: '成绩报告',
    scoresTitle: '分数',
    verbal: 'Verbal 语文',
    quant: 'Quant 数学',
    total: '总分（V + Q）',
    scaled: (score: number, low: number, high: number) => `${score}（可能区间 ${low}–${high}）`,
    band: (low: number, high: number) => `可能区间 ${low}–${high}`,
    raw: (raw: number, total: number) => `答对 ${raw} / ${total} 题`,
    section2: (level: string) => `第二部分难度：${level}`,
    levels: { easy: '简单', medium: '中等', hard: '困难' } as Record<string, string>,
    bandNote: '一次 27 题的模考大约只能把分数测准到 ±3 分，所以我们给出的是一个区间，而不是一个精确的分数。',
    interpretTitle: '分数解读',
    issueTitle: '分析性写作',
    /** The essay's judging state; Unjudged is an Empty essay that was written but not judged (the allowance used up). */
    issueStatus: {
      Empty: '未作答',
      Unjudged: '未批改',
      Judging: '评分中',
      Finished: '已评分',
      Failed: '评分失败',
    } as Record<string, string>,
    issueNote: {
      Empty: '本次没有提交作文，写作部分不计分。',
      Unjudged: '作文已保存，但还没有批改。',
      Judging: '作文已保存，正在评分；评分完成后会自动显示在这里。',
      Finished: '机器评分大约只能测准到 ±1 分，请以可信区间为准。',
      Teacher: '这是老师批改后给出的评分。',
      Failed: '这次评分没有成功，作文本身已保存，可以重新批改。',
    } as Record<string, string>,
    issueDetail: '查看批改详情',
    words: (n: number) => `${n} 词`,
    overallTitle: '总体表现',
    correct: (c: number, t: number) => `答对 ${c} / ${t} 题`,
    usedTime: (d: string) => `总用时 ${d}`,
    kindsTitle: '各题型表现',
    kindColumns: { kind: '题型', correct: '正确', total: '总数', avg: '平均用时' },
    questionsTitle: '逐题分析',
    questionsIntro: '点击任意一题，查看题目、标准答案、你的答案和解析。',
    qColumns: { number: '题号', kind: '题型', verdict: '结果', yours: '你的用时', avg: '平均用时', percent: '正确率' },
    right: '正确',
    wrong: '错误',
    unanswered: '未作答',
    essay: '作文',
    noData: '暂无',
    percent: (p: number) => `${Math.round(p)}%`,
    reportLink: '查看本套题的历次成绩',
    recordLink: '练习记录',
    loading: '正在加载成绩…',
    failed: '成绩暂时无法加载',
    reviewTitle: (n: number) => `第 ${n} 题`,
    reviewYourTime: (d: string) => `你的用时：${d}`,
    reviewAvgTime: (d: string) => `全体用户平均：${d}`,
    reviewPercent: (p: string) => `全体用户正确率：${p}`,
    reviewPrev: '上一题',
    reviewNext: '下一题',
    reviewClose: '关闭',
    withheldInExam: '这道题也在你正在进行的考试中，交完那一部分后即可查看标准答案与解析。',
    withheldNotOpened: '这道题在练习中没有打开过，答案与解析不公布；在题库中打开它即可查看（计入当天题量）。',
    withheldPrevent: '该题本完成后才公布答案与解析。',
    sectionHeading: (name: string) => name,
    pacing: {
      summary: (over: number, mean: string) =>
        over > 0 ? `超时 ${over} 题，平均每题 ${mean}` : `每题都在目标用时内，平均每题 ${mean}`,
      farOver: (n: number) => `其中 ${n} 题超过目标 2 倍`,
      targets: (verbal: string, quant: string) => `目标用时按正式考试的节奏：语文每题 ${verbal}，数学每题 ${quant}。`,
      status: { within: '目标内', over: '超时', far_over: '超 2 倍' } as Record<string, string>,
      legendTarget: '目标用时',
      legendAvg: '全体平均',
      bar: (yours: string, target: string, status: string, avg: string | null) =>
        `你的用时 ${yours}，目标 ${target}，${status}${avg ? `；全体平均 ${avg}` : ''}`,
    },
    weak: {
      title: '薄弱题型',
      intro: '本次失分最多的题型。点“练习同类题”，从大题库抽同类题组成一次练习并立即开始。',
      line: (correct: number, total: number) => `答对 ${correct} / ${total} 题`,
      drill: '练习同类题',
      drillLabel: (kind: string) => `练习同类题：${kind}`,
      creating: '正在组卷…',
      nothing: '题库里暂时没有这个题型可练的题。',
    },
  },

  /**
   * What a scaled score means and what to do next, by area and interpretation level (docs/scoring.md). Honest about
   * what one mock can tell, concrete about the next step.
   */
  interpret: {
    verbal: {
      top: '语文处于最高分段（165+），大约是全体考生的前 5%。填空和阅读都已经很稳定，继续每周做一套模考保持手感，把精力放在偶尔出错的长难阅读和六选二的细微词义差别上即可。',
      strong:
        '语文成绩很有竞争力（158–164），足以满足大多数研究项目的要求。想再进一步，需要减少“两个选项都像对的”那类失分：整理错题中的逻辑线索词和态度词，针对长篇阅读练习先抓主旨、再定位细节。',
      solid:
        '语文处于中等偏上的稳定区间（150–157）。主要差距通常在词汇量和阅读速度：建议每天背 50–100 个核心词并用填空题检验，阅读题在限时条件下练习，复盘时写下每道错题错在哪一步。',
      developing:
        '语文还在爬坡阶段（142–149）。先把基础打牢：系统背诵高频词汇，做题时先读懂句子结构再选词；阅读从短文章开始，练习找出每段的作用。第二部分题目偏难时分数会明显提高，所以第一部分的正确率最关键。',
      foundation:
        '语文目前处于起步阶段（141 及以下）。这很正常，不必灰心：先从高频词汇和句子结构入手，每天少量但持续地练习填空和短篇阅读，一个月后再做一次模考来看进步。',
    },
    quant: {
      top: '数学处于最高分段（165+），理工科项目也会认为这是很强的成绩。剩下的失分多半来自审题和计算粗心：做完后用估算检查答案量级，注意单位、“not”“least”等字眼。',
      strong:
        '数学成绩很好（158–164）。再往上提分，关键是难题的准确率和时间分配：复盘时区分“不会”和“算错”，对数据分析和排列组合等易错题型做专项练习。',
      solid:
        '数学基础扎实（150–157），但还有明显提升空间。建议按知识点（算术、代数、几何、数据分析）整理错题，熟悉比较题（Quantity A / B）的常用技巧，如代入特殊值和估算。',
      developing:
        '数学还有不少可提升的空间（142–149）。GRE 数学考查的是初高中知识，先把英文题干读准，再补齐公式与概念；用数学专项分知识点练习，每题限时 1.5–2 分钟。',
      foundation:
        '数学目前处于起步阶段（141 及以下）。请先不要急着刷模考：从数学术语的英文表达和基础公式开始，按知识点逐一练习，建立信心后再回到整套模考。',
    },
  } satisfies Record<'verbal' | 'quant', Record<Level, string>>,

  notFound: '没有找到这场考试',
};

export type ExamCopy = typeof examCopy;
