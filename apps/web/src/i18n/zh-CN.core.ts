/**
 * The shell's strings (app name, common words, nav, footer, errors, overlays, dialogs): everything the light exam
 * screen and the error catalogue need, without any page's copy, so those stay out of the exam page's first load.
 */
export const coreCopy = {
  appName: 'GRE 备考',
  common: {
    close: '关闭',
    save: '保存',
    cancel: '取消',
    confirm: '确定',
    loading: '加载中…',
    refresh: '刷新页面',
    retry: '重试',
    backHome: '返回首页',
    saved: '已保存',
    yes: '是',
    no: '否',
    none: '无',
    questions: (n: number) => `${n} 题`,
  },

  nav: {
    home: '首页',
    simulate: '模考',
    exercisePick: '精选练习',
    exerciseBig: '大题库',
    exerciseBest: '高频精选',
    higher: '高阶题库',
    season: '当季题本',
    word: '单词',
    search: '搜索',
    math2: '数学专项',
    idea: '写作思路',
    download: '资料下载',
    analyze: '成长分析',
    personal: '我的收藏',
    wrongs: '错题本',
    note: '笔记',
    higherCollect: '高阶收藏',
    higherWrongs: '高阶错题',
    higherNote: '高阶笔记',
    card: '闪卡收藏',
    mail: '站内信',
    archivedSixTwo: '六选二归档',
    archivedPick: '精选归档',
    record: '练习记录',
    webManage: '管理后台',
    operate: '运营管理',
    teach: '教学管理',
    exportData: '导出我的数据',
    voucher: '兑换券',
    assistant: '助教',
    voucherLink: '使用兑换码',
    debug: '调试信息',
    menu: '打开菜单',
    userMenu: '用户菜单',
    adminMode: '管理员模式',
    logout: '退出登录',
    login: '登录',
    loggedOut: '已退出登录',
  },

  footer: {
    agreement: '用户须知',
    contact: '联系我们',
    rights: '会员权益',
    copyright: (year: number) => `© ${year} GRE 备考`,
  },

  errors: {
    apiVersionLow: '网页版本过低，3 秒后自动刷新到最新版本',
    tokenExpired: '登录已过期，3 秒后跳转到登录页',
    limit: '当前身份暂无此权限，开通会员后即可使用',
    roleOverflow: '试用额度已用完，开通会员后可继续练习',
    dayOverflow: '今日权益额度已用完，明天再来或升级会员',
    buyRoleExist: '你已拥有会员身份，3 秒后刷新页面',
    simNoPerm: '没有权限查看该模拟考试的题目',
    simUsedUp: '模考次数已用完',
    bookLocked: '该题本尚未解锁',
    flashCoinShort: '闪卡额度不足，购买额度后即可创建闪卡组',
    unauthorized: '请先登录',
    goLogin: '去登录',
    serverError: '服务器开小差了，请稍后重试',
    checkNetwork: '请检查网络连接后重试',
    networkFailed: '网络请求失败',
    userFetchFailed: '获取用户信息失败，请重新登录',
    unknown: '操作失败',
    httpTitle: (status: number, text: string) => `${status} ${text}`.trim(),
    kinds: {
      wrong_credentials: '账号或密码错误',
      code_invalid: '验证码错误或已过期，请重新获取',
      code_too_frequent: '验证码发送太频繁，请稍后再试',
      rate_limited: '操作太频繁，请稍后再试',
      user_frozen: '账号已被冻结，如有疑问请联系客服',
      account_exists: '该账号已注册，请直接登录',
      invalid_input: '提交的内容格式不正确，请检查后重试',
      malformed_json: '请求格式错误，请刷新页面后重试',
      payload_too_large: '提交的内容太大',
      unsupported_media_type: '请求格式不受支持，请刷新页面后重试',
      forbidden: '没有权限进行此操作',
      not_found: '请求的内容不存在',
      conflict: '数据已被修改，请刷新后重试',
      method_not_allowed: '请求方式不正确',
      exam_time_up: '本节时间已到，答案未能保存',
      exam_finished: '本节已提交，不能再修改',
      stale_revision: '考试已在其他页面或设备上更新，已为你重新载入',
      content_invalid: '题目未通过内容检查，请按提示修改后再发布',
    } as Record<string, string>,
  },

  routeError: {
    title: 'Oops! Something went wrong',
    line: '页面出错了，或者你访问的页面不存在。',
    status: (status: number, text: string) => `错误代码：${status} ${text}`.trim(),
  },

  overlays: {
    upgradeTitle: '系统升级中',
    upgradeBody: '我们正在升级服务，预计 2 分钟内恢复。请稍候片刻，再点击下方按钮刷新页面。',
    loading: '正在加载，请稍候…',
  },

  migration: {
    title: '本站已迁移到新地址',
    stopped: '当前旧地址已停止服务，请前往新地址继续使用：',
    noNewHost: '请联系管理员获取新地址。',
    same: '登录账号、密码与学习记录与旧站完全一致，无需重新注册。',
    entry: '内部入口',
    phrase: '口令',
    phrasePlaceholder: '请输入口令后按回车',
    wrongPhrase: '口令不正确',
  },

  dialogs: {
    upgradeTitle: '升级会员',
    upgradeIntro: '不同身份的每日题量、作文批改与模考次数如下：',
    currentRole: '你当前的身份：',
    dayOverflowTitle: '今日额度已用完',
    dayOverflowBody: (role: string, subject: string | null) =>
      subject
        ? `你的身份「${role}」今天在「${subject}」上的题量已经用完。`
        : `你的身份「${role}」今天在该科目上的题量已经用完。`,
    dayOverflowReset: '额度每天 0 点（北京时间）重置；升级会员可以提高每日题量。',
    simNoPermTitle: '暂无模拟考试权限',
    simNoPermBody: '该模拟考试的题目需要相应身份才能查看。',
    simUsedUpTitle: '模考次数已用完',
    /** The figures of a quota refusal, so a dialog states its true cause. */
    quota: {
      day: (role: string, subject: string, limit: number, used: number) =>
        `你的身份「${role}」每天可练习 ${limit} 道${subject}题，今天已打开 ${used} 道。`,
      dayRenews: '明天 0 点（北京时间）恢复；升级会员可以提高每日题量。',
      total: (role: string, limit: number, used: number) =>
        `你的身份「${role}」共可练习 ${limit} 道题，已打开 ${used} 道，试用额度已用完。`,
      totalNext: '开通会员后可以继续练习，不再有总题量限制。',
      simulateWeek: (role: string, limit: number, used: number) =>
        `你的身份「${role}」每周可模考 ${limit} 次，本周已用 ${used} 次。`,
      simulateWeekRenews: '下周一 0 点（北京时间）恢复；开通会员后模考不限次数。',
      simulateTotal: (role: string, limit: number, used: number) =>
        limit === 0
          ? `你的身份「${role}」不能参加模考。`
          : `你的身份「${role}」共可模考 ${limit} 次，已用 ${used} 次。`,
      simulateTotalNext: '开通会员后可以继续模考。',
      essayDay: (role: string, limit: number, used: number) =>
        `今日作文批改次数已用完：你的身份「${role}」每天可批改 ${limit} 篇作文，今天已用 ${used} 篇。`,
      essayDayRenews: '明天 0 点（北京时间）恢复，作文已保存，届时可以再申请批改；升级会员可以提高每日批改次数。',
      essayTotal: (role: string, limit: number, used: number) =>
        `作文批改次数已用完：你的身份「${role}」共可批改 ${limit} 篇作文，已用 ${used} 篇。`,
      essayTotalNext: '作文已保存；开通会员后每天都可以申请批改。',
      assistantDay: (role: string, limit: number, used: number) =>
        `今日助教提问次数已用完：你的身份「${role}」每天可向助教提问 ${limit} 次，今天已问 ${used} 次。`,
      assistantDayRenews: '明天 0 点（北京时间）恢复；升级会员可以提高每日提问次数。',
    },
    publicOnlyTitle: '仅可查看公开题目',
    publicOnlyBody: '当前账号只能查看公开题目，开通会员后可查看全部题目。',
    publicOnlyRule:
      '试用用户只能练习公开题目；免费会员、会员与超级会员可以练习公开与会员题目，超级会员开通高阶权限后还可练习高阶题库。',
    contactTitle: '联系我们',
    contactIntro: '使用中遇到问题，欢迎联系我们：',
    contactEmail: '邮箱',
    contactWechat: '微信客服',
    contactUnset: '本站尚未配置客服联系方式，请联系为你开通本站的老师或管理员。',
    contactDevice: '联系时请附上你的设备编号，便于我们排查：',
    contactDebug: '查看更多调试信息',
    rightsTitle: '会员权益',
    loginHintTitle: '登录提示',
    loginHintTips: [
      '如果你在海外，页面加载缓慢或登录失败时，请使用回国代理或加速器访问。',
      '请使用电脑上的桌面浏览器（Chrome、Edge、Safari 或 Firefox 的最新版本），以获得完整的模考体验。',
      '手机号请填写 11 位中国大陆号码；邮箱请填写完整地址。',
      '忘记密码时，可在“找回密码”中通过验证码重新设置。',
    ],
  },
};

/** For modules that only need the shell's strings: the same `zh.…` paths as the full copy. */
export const zh = coreCopy;
