import type { CategoryConfig } from '@gre/contracts';

type Reason = CategoryConfig['categories'][number]['reasons'][number];

/**
 * The category configuration (spec §3 "category config"): kinds with their Chinese names and input kinds, math topics
 * as sub-groups, and a reason library per category for notes and the wrong-answer book. Reason ids are stable: crafts
 * store them.
 */

const r = (id: string, name: string, type: Reason['type']): Reason => ({ id, name, type });

const FILLING_REASONS: Reason[] = [
  r('f-vocab', '词汇不认识', 'knowledge'),
  r('f-polysemy', '熟词僻义没掌握', 'knowledge'),
  r('f-synonym', '近义词辨析不清', 'knowledge'),
  r('f-logic', '逻辑关系判断失误（转折、因果、递进）', 'skill'),
  r('f-clue', '没找到线索词或题眼', 'skill'),
  r('f-structure', '句子结构分析错误', 'skill'),
  r('f-blank-order', '多空题未从最确定的空入手', 'skill'),
  r('f-se-pair', '句子等价只看词义未代回原句', 'skill'),
  r('f-guess', '凭语感作答，未做推理', 'habit'),
  r('f-careless', '粗心看错选项或题干', 'habit'),
  r('f-time', '时间不够，仓促作答', 'habit'),
];

const READING_REASONS: Reason[] = [
  r('r-vocab', '关键词汇不认识', 'knowledge'),
  r('r-long-sentence', '长难句理解错误', 'knowledge'),
  r('r-locate', '定位错误', 'skill'),
  r('r-main-idea', '主旨把握不准', 'skill'),
  r('r-structure', '文章结构或段落作用理解错误', 'skill'),
  r('r-inference', '推断过度或推断不足', 'skill'),
  r('r-attitude', '作者态度判断失误', 'skill'),
  r('r-distractor', '被偷换概念或无关选项干扰', 'skill'),
  r('r-multi', '多选题漏选或多选', 'skill'),
  r('r-select', '选句题未逐句核对题目要求', 'skill'),
  r('r-careless', '审题不清', 'habit'),
  r('r-time', '时间不够，未读完全文', 'habit'),
];

const MATH_REASONS: Reason[] = [
  r('m-concept', '概念或公式不熟', 'knowledge'),
  r('m-term', '数学英文术语不认识', 'knowledge'),
  r('m-calc', '计算错误', 'skill'),
  r('m-reading', '题意理解错误', 'skill'),
  r('m-units', '单位或百分比换算错误', 'skill'),
  r('m-qc-cases', '数量比较未考虑特殊值（负数、零、分数）', 'skill'),
  r('m-figure', '图形条件误读（图形未必按比例）', 'skill'),
  r('m-data', '图表数据读取错误', 'skill'),
  r('m-condition', '忽略题目条件或取值范围', 'skill'),
  r('m-multi', '多选题漏选', 'skill'),
  r('m-entry', '填空格式错误（未按要求取整或约分）', 'habit'),
  r('m-careless', '粗心抄错数字或选项', 'habit'),
  r('m-time', '时间分配不当', 'habit'),
];

const ISSUE_REASONS: Reason[] = [
  r('i-position', '立场不清晰', 'skill'),
  r('i-task', '未回应题目的具体写作指令', 'skill'),
  r('i-example', '论据不具体或与论点无关', 'skill'),
  r('i-counter', '未讨论反方观点', 'skill'),
  r('i-structure', '结构松散，段落衔接弱', 'skill'),
  r('i-language', '语法或用词错误', 'knowledge'),
  r('i-time', '时间不够，没有写完', 'habit'),
];

const WORD_REASONS: Reason[] = [
  r('w-meaning', '词义不认识', 'knowledge'),
  r('w-polysemy', '熟词僻义', 'knowledge'),
  r('w-confuse', '形近词混淆', 'knowledge'),
  r('w-usage', '不会在语境中使用', 'skill'),
  r('w-review', '复习间隔太长，遗忘', 'habit'),
];

export const CATEGORY_CONFIG: CategoryConfig = {
  categories: [
    {
      id: 1,
      key: 'filling',
      name: '填空',
      kinds: [
        { id: 'tc1', name: '单空填空', input_kind: 'OneBoxFill' },
        { id: 'tc2', name: '双空填空', input_kind: 'TwoBoxFill' },
        { id: 'tc3', name: '三空填空', input_kind: 'ThreeBoxFill' },
        { id: 'se', name: '句子等价（六选二）', input_kind: 'SixChooseTwo' },
      ],
      subs: [],
      reasons: FILLING_REASONS,
    },
    {
      id: 2,
      key: 'reading',
      name: '阅读',
      kinds: [
        { id: 'rc_single', name: '阅读单选', input_kind: 'SingleOption' },
        { id: 'rc_multi', name: '阅读多选', input_kind: 'MultiSelect' },
        { id: 'rc_select', name: '选句题', input_kind: 'SelectSentence' },
      ],
      subs: [],
      reasons: READING_REASONS,
    },
    {
      id: 3,
      key: 'math',
      name: '数学',
      kinds: [
        { id: 'qc', name: '数量比较', input_kind: 'SingleOption' },
        { id: 'mc_single', name: '单选题', input_kind: 'SingleOption' },
        { id: 'mc_multi', name: '多选题', input_kind: 'MultiSelect' },
        { id: 'numeric', name: '数值填空', input_kind: 'TextFill' },
        { id: 'fraction', name: '分数填空', input_kind: 'Fraction' },
      ],
      subs: [
        { id: 'arithmetic', name: '算术' },
        { id: 'algebra', name: '代数' },
        { id: 'geometry', name: '几何' },
        { id: 'data_analysis', name: '数据分析' },
      ],
      reasons: MATH_REASONS,
    },
    {
      id: 4,
      key: 'issue',
      name: '写作',
      kinds: [{ id: 'issue', name: 'Issue 写作', input_kind: 'Essay' }],
      subs: [],
      reasons: ISSUE_REASONS,
    },
    {
      id: 5,
      key: 'word',
      name: '单词',
      kinds: [{ id: 'word', name: '单词卡', input_kind: 'Word' }],
      subs: [],
      reasons: WORD_REASONS,
    },
  ],
  difficulties: [
    { id: 'easy', name: '简单' },
    { id: 'medium', name: '中等' },
    { id: 'hard', name: '困难' },
  ],
};
