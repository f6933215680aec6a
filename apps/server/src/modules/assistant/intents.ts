import type { AssistantAction, AssistantIntent, AssistantSource, DictionaryEntry } from '@gre/contracts';
import { WITHHELD, type Grounding } from './grounding.js';
import { drillAction } from './links.js';

/** What the built-in assistant read in a message: the intent, the option named, the English words asked about. */
export interface Reading {
  intent: AssistantIntent;
  option: string | null;
  words: string[];
  /** A target score named in the message (260–340), e.g. '离 325 还差多少'. */
  target: number | null;
}

/** A composed answer: the text, the next steps and where it came from. */
export interface Composed {
  text: string;
  actions: AssistantAction[];
  sources: AssistantSource[];
  /** True when the answer declined to reveal what the learner may not see. */
  withheld: boolean;
}

const RULES: [AssistantIntent, RegExp][] = [
  ['similar', /类似|相似|同类|同类型|类似的题|similar|more like/i],
  ['word', /什么意思|啥意思|意思是|词义|释义|怎么翻译|meaning|what does \S+ mean|\bdefine\b/i],
  ['why_wrong', /(为什么|为啥|为何).*(不对|不选|错|不是)|错在哪|错在|why .*(wrong|not)|\bwrong\b/i],
  ['why_right', /(为什么|为啥|为何).*(选|对|是)|凭什么|why .*(right|correct)|答案是怎么/i],
  ['approach', /思路|怎么做|怎么解|线索|题眼|突破口|解题|how (do|to) (i )?solve|approach|\bclue/i],
  ['weakest', /最弱|薄弱|弱项|短板|哪.*题型.*(差|弱)|weakest|weak(ness)?/i],
  ['target', /目标|还差|差多少|target/i],
  ['today', /今天|今日|该复习|复习什么|做什么|学什么|计划|today|plan/i],
];

const STOP = new Set([
  'what',
  'does',
  'do',
  'mean',
  'meaning',
  'means',
  'the',
  'word',
  'is',
  'of',
  'define',
  'a',
  'an',
]);

/** Reads a Chinese or English message; never anything but a classification (the message is data, not orders). */
export function readMessage(message: string): Reading {
  const intent = RULES.find(([, re]) => re.test(message))?.[0] ?? 'other';
  const option = /(?<![A-Za-z])([A-I])(?![A-Za-z])/.exec(message)?.[1] ?? null;
  const words = [...message.matchAll(/[A-Za-z][A-Za-z'-]{1,39}/g)]
    .map((m) => m[0].toLowerCase())
    .filter((w) => !STOP.has(w));
  const targetMatch = /(?<!\d)(2[6-9]\d|3[0-3]\d|340)(?!\d)/.exec(message);
  return {
    intent,
    option,
    words: [...new Set(words)].slice(0, 3),
    target: targetMatch ? Number(targetMatch[1]) : null,
  };
}

const LABELS: Record<AssistantSource['kind'], string> = {
  stem: '题干',
  options: '选项',
  passage: '文章',
  standard_answer: '标准答案',
  analysis: '中文解析',
  your_answer: '你的答案',
  your_note: '你的笔记',
  dictionary: '词典（ECDICT）',
  accuracy: '各题型正确率与用时',
  reviews: '待复习的错题',
  mocks: '模考成绩',
  streak: '连续打卡',
};
export const source = (kind: AssistantSource['kind']): AssistantSource => ({ kind, label: LABELS[kind] });

export const CAPABILITIES =
  '我是助教，可以回答这些问题：在题目页问「为什么 C 不对」「这道题为什么选 B」「这道题的思路」「某个单词什么意思」「有没有类似的题」；' +
  '也可以问「我最弱的题型是什么」「今天该复习什么」「离目标分还差多少」。其他问题我暂时回答不了。';

const NO_QUESTION = '请在题目的解析、结果或搜索页打开助教来问这道题，我才知道你问的是哪一道。';

/** The analysis cut into sentences (Chinese and English stops, line breaks). */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[。！？；;!?])|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const quote = (lines: string[]) => lines.map((l) => `> ${l}`).join('\n');

function mentions(line: string, key: string, optionText: string | undefined): boolean {
  if (new RegExp(`(?<![A-Za-z])${key}(?![A-Za-z])`).test(line)) return true;
  const head = optionText?.trim().slice(0, 24);
  return !!head && head.length >= 3 && line.toLowerCase().includes(head.toLowerCase());
}

function questionSources(g: Grounding, extra: AssistantSource['kind'][]): AssistantSource[] {
  const kinds: AssistantSource['kind'][] = ['stem', 'options'];
  if (g.question?.passage) kinds.push('passage');
  return [...kinds, ...extra].map(source);
}

/** Practising the question's kind: the bank filtered to it (the similar questions are among what it lists). */
const similarAction = (g: Grounding): AssistantAction[] =>
  g.question && g.similar.length > 0
    ? [drillAction(g.question.category, g.question.kind, `练习同类题（${g.question.kindName}）`)]
    : [];

function whyWrong(g: Grounding, r: Reading): Composed {
  const key = r.option ?? g.yourAnswer?.split(', ')[0] ?? null;
  const analysis = g.analysis!;
  const sourcesUsed: AssistantSource['kind'][] = ['standard_answer', 'analysis'];
  if (!r.option && g.yourAnswer) sourcesUsed.push('your_answer');
  if (!key) {
    return {
      text: `请告诉我是哪个选项，例如「为什么 C 不对」。这道题的标准答案是 ${g.standardAnswer}。`,
      actions: [],
      sources: questionSources(g, ['standard_answer']),
      withheld: false,
    };
  }
  const optionText = g.question?.options.find((o) => o.key === key)?.text;
  const lines = sentences(analysis.text).filter((l) => mentions(l, key, optionText));
  const right = (g.standardAnswer ?? '').split(', ').includes(key);
  const head = right
    ? `${key} 其实是标准答案（${g.standardAnswer}）中的选项。`
    : `你问的是选项 ${key}${optionText ? `（${optionText}）` : ''}。标准答案是 ${g.standardAnswer}。`;
  const body = lines.length
    ? `解析中关于 ${key} 的说法：\n${quote(lines.slice(0, 4))}`
    : `解析没有专门讨论选项 ${key}。解析的要点：\n${quote(sentences(analysis.text).slice(0, 2))}`;
  return {
    text: `${head}\n${body}`,
    actions: similarAction(g),
    sources: questionSources(g, sourcesUsed),
    withheld: false,
  };
}

function whyRight(g: Grounding): Composed {
  const analysis = g.analysis!;
  const keys = analysis.keyWords.length ? `\n关键词：${analysis.keyWords.join('、')}` : '';
  return {
    text: `这道题的标准答案是 ${g.standardAnswer}。解析：\n${quote(sentences(analysis.text).slice(0, 5))}${keys}`,
    actions: similarAction(g),
    sources: questionSources(g, ['standard_answer', 'analysis']),
    withheld: false,
  };
}

const CLUE = /线索|题眼|关键|转折|因果|递进|对比|注意|首先|突破|提示|说明|but|however|although/i;

function approach(g: Grounding): Composed {
  const analysis = g.analysis!;
  const all = sentences(analysis.text);
  const clues = all.filter((l) => CLUE.test(l));
  const keys = analysis.keyWords.length ? `线索词：${analysis.keyWords.join('、')}\n` : '';
  return {
    text: `${keys}解析里的思路：\n${quote((clues.length ? clues : all).slice(0, 4))}`,
    actions: similarAction(g),
    sources: questionSources(g, ['analysis']),
    withheld: false,
  };
}

function entryLine(e: DictionaryEntry): string {
  const senses = [...e.gre_senses, ...e.translation].slice(0, 4).join('；');
  const phonetic = e.phonetic ? ` [${e.phonetic}]` : '';
  const base = e.headword !== e.word ? `（${e.word} 的原形）` : '';
  return `${e.headword}${phonetic}${base}：${senses || '词典里没有中文释义'}`;
}

function word(g: Grounding, r: Reading): Composed {
  if (r.words.length === 0)
    return { text: '请告诉我是哪个英文单词，例如「ubiquitous 什么意思」。', actions: [], sources: [], withheld: false };
  if (g.words.length === 0)
    return {
      text: `词典里没有找到「${r.words.join('、')}」。`,
      actions: [],
      sources: [source('dictionary')],
      withheld: false,
    };
  return {
    text: g.words.map(entryLine).join('\n'),
    actions: [
      {
        kind: 'word',
        label: '查看单词详情',
        link: `/search?q=${encodeURIComponent(g.words[0]!.headword)}&scope=words`,
      },
    ],
    sources: [source('dictionary')],
    withheld: false,
  };
}

function similar(g: Grounding): Composed {
  if (!g.question) return { text: NO_QUESTION, actions: [], sources: [], withheld: false };
  if (g.similar.length === 0)
    return {
      text: `题库里暂时没有你能打开的其他${g.question.kindName}题。`,
      actions: [],
      sources: [],
      withheld: false,
    };
  return {
    text: `同类型（${g.question.kindName}）的题：\n${g.similar.map((s) => `- ${s.preview}`).join('\n')}`,
    actions: similarAction(g),
    sources: [source('stem')],
    withheld: false,
  };
}

/** What the assistant says instead of an answer the learner may not see: the reason, nothing of the answer. */
export function withheldAnswer(g: Grounding): Composed {
  const reason = WITHHELD[g.withheld[0] ?? 'answers_hidden'];
  return {
    text: `${reason}。现在我可以帮你查单词的意思，或者找同类题练习。`,
    actions: [],
    sources: questionSources(g, []),
    withheld: true,
  };
}

/** The built-in answer to a question intent, from the grounding only. */
export function composeQuestionAnswer(g: Grounding, r: Reading): Composed {
  if (r.intent === 'word') return word(g, r);
  if (r.intent === 'similar') return similar(g);
  if (g.question && g.withheld.length > 0 && r.intent === 'other') return withheldAnswer(g);
  if (r.intent === 'other') return { text: CAPABILITIES, actions: [], sources: [], withheld: false };
  if (!g.question) return { text: NO_QUESTION, actions: [], sources: [], withheld: false };
  if (g.withheld.length > 0 || !g.analysis) return withheldAnswer(g);
  if (r.intent === 'why_wrong') return whyWrong(g, r);
  if (r.intent === 'why_right') return whyRight(g);
  return approach(g);
}
