import { describe, expect, it } from 'vitest';
import { EMPTY_GROUNDING, WITHHELD, type Grounding } from './grounding.js';
import { CAPABILITIES, composeQuestionAnswer, readMessage } from './intents.js';
import { composeProgressAnswer, type Progress } from './progress.js';

// The built-in assistant, pure: what it reads in a message and what it answers from a grounding.

describe('readMessage', () => {
  it.each([
    ['为什么 C 不对？', 'why_wrong', 'C'],
    ['Why is B wrong?', 'why_wrong', 'B'],
    ['这道题为什么选 B', 'why_right', 'B'],
    ['这道题的思路是什么', 'approach', null],
    ['线索在哪里', 'approach', null],
    ['ubiquitous 什么意思', 'word', null],
    ['有没有类似的题', 'similar', null],
    ['我最弱的题型是什么？', 'weakest', null],
    ['今天该复习什么？', 'today', null],
    ['今天做什么', 'today', null],
    ['离目标分还差多少？', 'target', null],
    ['你好', 'other', null],
  ])('%s → %s', (message, intent, option) => {
    const r = readMessage(message);
    expect(r.intent).toBe(intent);
    if (option) expect(r.option).toBe(option);
  });

  it('takes the English words and a target score', () => {
    expect(readMessage('what does ubiquitous mean').words).toEqual(['ubiquitous']);
    expect(readMessage('离 325 还差多少').target).toBe(325);
    expect(readMessage('离 999 还差多少').target).toBeNull();
  });
});

const grounding: Grounding = {
  ...EMPTY_GROUNDING,
  question: {
    id: 'q-tc-1',
    kind: 'tc1',
    kindName: '单空填空',
    category: 1,
    stem: 'Although the results were ____, the team remained hopeful.',
    options: [
      { key: 'A', text: 'promising' },
      { key: 'B', text: 'disappointing' },
      { key: 'C', text: 'conclusive' },
    ],
    passage: null,
  },
  standardAnswer: 'B',
  analysis: {
    text: 'Although 表示转折，线索词是 hopeful。空格应与 hopeful 相反，选 B。A 与转折方向相反。',
    keyWords: ['Although', 'hopeful'],
  },
  similar: [{ id: 'q-tc-2', preview: 'Another ____ stem' }],
};

describe('composeQuestionAnswer', () => {
  it('why_wrong names the option, quotes the analysis about it, gives the standard answer', () => {
    const a = composeQuestionAnswer(grounding, readMessage('为什么 A 不对'));
    expect(a.text).toContain('选项 A');
    expect(a.text).toContain('A 与转折方向相反');
    expect(a.text).toContain('标准答案是 B');
    expect(a.sources.map((s) => s.kind)).toEqual(expect.arrayContaining(['standard_answer', 'analysis']));
    expect(a.actions[0]?.link).toBe('/exercise_list/big?category=1&kind=tc1');
  });

  it('why_wrong says when the analysis does not discuss the option', () => {
    const a = composeQuestionAnswer(grounding, readMessage('为什么 C 不对'));
    expect(a.text).toContain('解析没有专门讨论选项 C');
  });

  it('why_wrong without an option takes the learner’s own answer', () => {
    const a = composeQuestionAnswer({ ...grounding, yourAnswer: 'A' }, readMessage('我为什么错了'));
    expect(a.text).toContain('选项 A');
    expect(a.sources.map((s) => s.kind)).toContain('your_answer');
  });

  it('approach quotes the clue sentences and key words', () => {
    const a = composeQuestionAnswer(grounding, readMessage('这道题的思路'));
    expect(a.text).toContain('线索词：Although、hopeful');
    expect(a.text).toContain('Although 表示转折');
  });

  it('withheld: says why, and nothing of the answer', () => {
    const held: Grounding = { ...grounding, standardAnswer: null, analysis: null, withheld: ['exam_running'] };
    for (const m of ['为什么 A 不对', '这道题为什么选 B', '思路']) {
      const a = composeQuestionAnswer(held, readMessage(m));
      expect(a.withheld).toBe(true);
      expect(a.text).toContain(WITHHELD.exam_running);
      expect(a.text).not.toMatch(/转折|hopeful|标准答案是/);
    }
  });

  it('other says what the assistant can do; similar lists links', () => {
    expect(composeQuestionAnswer(grounding, readMessage('讲个笑话')).text).toBe(CAPABILITIES);
    const s = composeQuestionAnswer(grounding, readMessage('类似的题'));
    expect(s.actions.map((a) => a.link)).toEqual(['/exercise_list/big?category=1&kind=tc1']);
  });
});

const kind = (k: string, category: number, accuracy: number, answered = 10) => ({
  kind: k,
  category,
  correct: Math.round((accuracy * answered) / 100),
  answered,
  unanswered: 0,
  total: answered,
  accuracy,
  avg_time_seconds: 60,
});
const progress: Progress = {
  allKinds: [kind('tc1', 1, 80), kind('rc_single', 2, 40), kind('qc', 3, 90)],
  recentKinds: [kind('rc_single', 2, 50)],
  daily: {
    day: '2026-11-27',
    questions: 12,
    correct: 8,
    accuracy: 66.7,
    used_time_seconds: 600,
    words: 0,
    today_aim: 50,
    aim_progress: 24,
    signed_in: true,
    streak: 3,
    due_reviews: 4,
  },
  recentMean: { verbal: 155, quant: 165, total: 320, count: 2 },
  latestMock: { verbal: 154, quant: 166, total: 320 },
};

describe('composeProgressAnswer', () => {
  it('weakest names the kind with its accuracy and time, and drills it', () => {
    const a = composeProgressAnswer(progress, readMessage('我最弱的题型'));
    expect(a.text).toContain('阅读单选：正确率 40%');
    expect(a.actions[0]?.link).toBe('/exercise_list/big?category=2&kind=rc_single');
  });

  it('today: the due reviews first, then the weakest drill and the streak', () => {
    const a = composeProgressAnswer(progress, readMessage('今天该复习什么'));
    expect(a.text).toContain('4 道错题');
    expect(a.text).toContain('连续打卡 3 天');
    expect(a.actions.map((x) => x.kind)).toEqual(['review', 'drill']);
  });

  it('target: the gap from the recent mean, with the bands', () => {
    const a = composeProgressAnswer(progress, readMessage('离 325 还差多少'));
    expect(a.text).toContain('还差约 5 分');
    expect(a.text).toContain('语文 154（151–157）');
    expect(a.actions.map((x) => x.link)).toContain('/simulate');
  });

  it('no records: says so and offers a start', () => {
    const empty = {
      ...progress,
      allKinds: [],
      recentKinds: [],
      recentMean: { verbal: null, quant: null, total: null, count: 0 },
      latestMock: null,
    };
    expect(composeProgressAnswer(empty, readMessage('最弱的题型')).text).toContain('还没有');
    expect(composeProgressAnswer(empty, readMessage('离 320 还差多少')).text).toContain('还没有完成');
  });
});
