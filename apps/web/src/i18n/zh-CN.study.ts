import { bankCopy } from './zh-CN.bank';
import { coreCopy } from './zh-CN.core';
import { examCopy } from './zh-CN.exam';
import { questionsCopy } from './zh-CN.questions';
import { wordsCopy } from './zh-CN.words';

/** The strings of the question and exam screens: the shell's, and the copy of questions, exams, words and bank names. */
export const zh = { ...coreCopy, questions: questionsCopy, exam: examCopy, words: wordsCopy, bank: bankCopy };
