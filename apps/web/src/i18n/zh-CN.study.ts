import { bankCopy } from './zh-CN.bank';
import { coreCopy } from './zh-CN.core';
import { etsCopy } from './zh-CN.ets';
import { examCopy } from './zh-CN.exam';
import { questionsCopy } from './zh-CN.questions';
import { wordsCopy } from './zh-CN.words';

/**
 * The strings of the question and exam screens: the shell's, and the copy of questions, exams (with the mocks' English
 * ETS labels), words and bank names.
 */
export const zh = {
  ...coreCopy,
  questions: questionsCopy,
  exam: examCopy,
  ets: etsCopy,
  words: wordsCopy,
  bank: bankCopy,
};
