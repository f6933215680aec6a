import type { Answer, QuestionView as QuestionData } from '@gre/contracts';
import { answerWith, bankQuestion } from '../../src/features/questions/test-utils/content-bank';
import { wordQuestion } from '../../src/features/questions/test-utils/word-fixture';

/** One harness page: a real question, an answer in progress, and an answer to review. */
export interface Sample {
  id: string;
  title: string;
  question: QuestionData;
  answering: Answer;
  reviewing: Answer;
}

const essay =
  'A theory that is false can still be valuable when it points researchers toward better questions. Bohr’s model of the atom was wrong in its details, yet it organized a decade of work on spectra.\n\nStill, fruitfulness alone cannot be the measure: in medicine, a theory that predicts badly harms patients however many questions it raises.';

/** Every input kind, plus the layouts that vary within a kind (comparison, table, reading). */
export const samples: Sample[] = [
  {
    id: 'qc',
    title: 'SingleOption · 数量比较（含图）',
    question: bankQuestion('q-qc-022'),
    answering: answerWith({ selects: ['C'] }),
    reviewing: answerWith({ selects: ['A'] }),
  },
  {
    id: 'table',
    title: 'SingleOption · 单选（含表格）',
    question: bankQuestion('q-mcs-034'),
    answering: answerWith({ selects: ['B'] }),
    reviewing: answerWith({ selects: [] }),
  },
  {
    id: 'reading',
    title: 'SingleOption · 阅读单选（分屏）',
    question: bankQuestion('q-rc-001'),
    answering: answerWith({ selects: ['D'] }),
    reviewing: answerWith({ selects: ['D'] }),
  },
  {
    id: 'tc1',
    title: 'OneBoxFill · 一空填空',
    question: bankQuestion('q-tc1-001'),
    answering: answerWith({ selects: ['C'] }),
    reviewing: answerWith({ selects: ['E'] }),
  },
  {
    id: 'tc2',
    title: 'TwoBoxFill · 两空填空',
    question: bankQuestion('q-tc2-001'),
    answering: answerWith({ selects: ['A', ''] }),
    reviewing: answerWith({ selects: ['A', 'A'] }),
  },
  {
    id: 'tc3',
    title: 'ThreeBoxFill · 三空填空',
    question: bankQuestion('q-tc3-001'),
    answering: answerWith({ selects: ['C', 'B', ''] }),
    reviewing: answerWith({ selects: ['C', 'B', 'A'] }),
  },
  {
    id: 'multi',
    title: 'MultiSelect · 多选（含图）',
    question: bankQuestion('q-mcm-014'),
    answering: answerWith({ multi_selects: ['A', 'C'] }),
    reviewing: answerWith({ multi_selects: ['A', 'C', 'E'] }),
  },
  {
    id: 'numeric',
    title: 'TextFill · 数值填空',
    question: bankQuestion('q-num-001'),
    answering: answerWith({ text: '6.25' }),
    reviewing: answerWith({ text: '6.5' }),
  },
  {
    id: 'se',
    title: 'SixChooseTwo · 六选二',
    question: bankQuestion('q-se-001'),
    answering: answerWith({ multi_selects: ['C', 'F'] }),
    reviewing: answerWith({ multi_selects: ['B', 'F'] }),
  },
  {
    id: 'select',
    title: 'SelectSentence · 选句',
    question: bankQuestion('q-rc-004'),
    answering: answerWith({ selects: ['10'] }),
    reviewing: answerWith({ selects: ['3'] }),
  },
  {
    id: 'fraction',
    title: 'Fraction · 分数填空',
    question: bankQuestion('q-frac-009'),
    answering: answerWith({ text: '80', text2: '360' }),
    reviewing: answerWith({ text: '80', text2: '360' }),
  },
  {
    id: 'essay',
    title: 'Essay · Issue 写作',
    question: bankQuestion('q-issue-001'),
    answering: answerWith({ essay: essay.split('\n')[0] }),
    reviewing: answerWith({ essay }),
  },
  {
    id: 'word',
    title: 'Word · 单词卡',
    question: wordQuestion('abase'),
    answering: answerWith({ selects: ['know'] }),
    reviewing: answerWith({ selects: ['unknown'] }),
  },
  {
    id: 'withheld',
    title: '复习 · 答案与解析不可见',
    question: { ...bankQuestion('q-tc3-001'), standard_answer: null, analysis: null },
    answering: answerWith({ selects: ['C', 'B', 'A'] }),
    reviewing: answerWith({ selects: ['C', 'B', 'A'] }),
  },
];
