/**
 * Every Chinese sentence the built-in judge writes. The judge's comments are content the server generates and stores
 * with the result (like a teacher's remarks), not interface labels, so their copy lives here rather than in the web
 * app's i18n files. Quoted English is always plain words taken from the essay; the page shows it as text.
 */
import type { Dimension, JudgeFlag, Level } from './judge-types.js';

export const DIMENSION_LABELS: Record<Dimension, string> = {
  position: '立场',
  reasoning: '论证',
  examples: '例证',
  organisation: '结构',
  language: '语言',
};

export const LEVEL_LABELS: Record<Level, string> = { good: '较好', fair: '一般', weak: '薄弱' };

const fmt = (x: number, digits = 1) => x.toFixed(digits).replace(/\.0+$/, '');
const quoteList = (words: string[]) => words.map((w) => `“${w}”`).join('、');

export const FLAG_TEXT: Record<JudgeFlag, string> = {
  empty: '作文为空或没有可读的英文内容，按 0 分处理。',
  not_english: '作文主要不是英文（或大部分不是可识别的英文单词），按 GRE 规则记 0 分。请用英文写作。',
  prompt_copied: '作文大部分照抄了题目原文，按 GRE 规则记 0 分。请用自己的话展开论述。',
  too_short: '字数过少，无法展开论证，最高记 1 分。一篇完整的 Issue 作文通常在 350–600 词之间。',
  repetitive: '作文中有大段重复的文字，最高记 1 分。请删去重复内容，补充新的论点和例证。',
  off_topic: '作文与题目几乎没有共同的关键词，疑似离题，最高记 1 分，建议请老师复核。',
  truncated: '作文过长，只评阅了开头的 {words} 词，其后的内容未计入评分。',
};

export function flagText(flag: JudgeFlag, judgedWords: number): string {
  return FLAG_TEXT[flag].replace('{words}', String(judgedWords));
}

export const SUMMARY = {
  scored: (score: number, low: number, high: number) =>
    `机器评分 ${fmt(score)} 分。按本评分器与人工评分的实测一致程度，真实水平大致在 ${fmt(low)}–${fmt(high)} 分之间；评分仅供参考，以老师评分为准。`,
  degenerate: (score: number) => `机器评分 ${fmt(score)} 分（按异常作文规则给分）。`,
};

export const POSITION = {
  clear: (n: number) => `找到 ${n} 处明确表态的句子，立场清楚。`,
  none: '没有找到明确表态的句子。建议在首段末尾用一句话写明你同意或不同意题目观点、以及同意到什么程度。',
  concession: '文中考虑了反方观点或题目不成立的情形，符合 Issue 题“讨论在何种情况下成立或不成立”的要求。',
  noConcession: '没有看到对反方观点或例外情形的讨论；高分作文通常会让步并回应，说明这些考虑如何影响你的立场。',
  lowRelevance: (shared: number, total: number) =>
    `题目的 ${total} 个关键词中只用到了 ${shared} 个，注意紧扣题目本身的说法展开，避免泛泛而谈。`,
};

export const REASONING = {
  density: (per100: number) => `每百词约有 ${fmt(per100)} 处因果或推理连接（because、therefore、as a result 等）。`,
  good: '论证有推理链条，能说明“为什么”。',
  fair: '有一定的推理，但可以把论点和理由之间的因果关系写得更明确。',
  weak: '推理性的连接很少，论点多为断言。每个分论点都应说明理由，并推出它对你立场的意义。',
};

export const EXAMPLES = {
  count: (n: number) => `找到 ${n} 处举例或引用证据的表达（for example、such as、research 等）。`,
  good: '例证较充分，能支撑论点。',
  fair: '有例证，但数量或具体程度还不够；试着为每个分论点配一个具体的例子。',
  weak: '几乎没有具体例证。GRE 高分作文会用历史、科学、社会生活中的具体事例来支撑论点。',
};

export const ORGANIZATION = {
  paragraphs: (n: number) => `全文共 ${n} 段。`,
  transitions: (perSentence: number, kinds: number) =>
    `约每 ${perSentence > 0 ? fmt(1 / perSentence) : '∞'} 句出现一个衔接词，共用了 ${kinds} 种。`,
  good: '段落划分清楚，段与段之间有衔接。',
  fewParagraphs: '段落太少，建议采用“引言—2 至 3 个论证段—结论”的结构，每段一个中心。',
  fewTransitions: '衔接词偏少，段落和句子之间的逻辑关系不够清楚，可用 however、moreover、consequently 等明确过渡。',
};

export const LANGUAGE = {
  spelling: (n: number, words: string[]) =>
    n === 0 ? '未发现明显拼写错误。' : `发现 ${n} 处疑似拼写错误，例如 ${quoteList(words)}。`,
  grammar: (n: number, examples: string[]) =>
    n === 0 ? '未发现常见的语法或标点问题。' : `发现 ${n} 处疑似语法或标点问题，例如 ${quoteList(examples)}。`,
  variety: (mean: number, sd: number) => `平均句长 ${fmt(mean)} 词，句长标准差 ${fmt(sd)}。`,
  lowVariety: '句子长短变化较少，可以交替使用短句和复合句，使行文更有节奏。',
  vocabulary: (n: number, words: string[]) =>
    n === 0
      ? '没有用到 GRE 词表中的进阶词汇，可以在准确的前提下适当使用更精确的词。'
      : `用到 ${n} 个 GRE 进阶词汇，例如 ${quoteList(words)}。`,
  good: '语言整体通顺准确。',
  fair: '语言基本达意，注意减少拼写和语法错误。',
  weak: '拼写或语法错误较多，已影响阅读，请在考前专门练习检查。',
};

/** A rank among the essays on one prompt. */
export const RANK = {
  top: (percent: number) => `前 ${percent}%`,
  alone: '暂无可比较的作文',
};
