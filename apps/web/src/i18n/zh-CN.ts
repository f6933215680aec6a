import { agreementCopy } from './zh-CN.agreement';
import { analyzeCopy } from './zh-CN.analyze';
import { bankCopy } from './zh-CN.bank';
import { essayCopy } from './zh-CN.essay';
import { etsCopy } from './zh-CN.ets';
import { examCopy } from './zh-CN.exam';
import { flashCopy } from './zh-CN.flash';
import { homeCopy } from './zh-CN.home';
import { ideaCopy } from './zh-CN.idea';
import { mailCopy } from './zh-CN.mail';
import { mediaCopy } from './zh-CN.media';
import { pagesCopy } from './zh-CN.pages';
import { payCopy } from './zh-CN.pay';
import { personalCopy } from './zh-CN.personal';
import { operateCopy, postsCopy } from './zh-CN.posts';
import { questionsCopy } from './zh-CN.questions';
import { recordsCopy } from './zh-CN.records';
import { searchCopy } from './zh-CN.search';
import { syncCopy } from './zh-CN.sync';
import { tiersCopy } from './zh-CN.tiers';
import { wordPagesCopy } from './zh-CN.word-pages';
import { wordsCopy } from './zh-CN.words';

import { coreCopy } from './zh-CN.core';

/** Every user-facing string of the web app (Simplified Chinese). Pages on the exam screen's path import the
 * narrower `zh-CN.core` / `zh-CN.study` instead, to keep the other pages' copy out of its first load. */
export const zh = {
  ...coreCopy,
  tiers: tiersCopy,
  pay: payCopy,
  ...pagesCopy,
  home: { ...pagesCopy.home, ...homeCopy },
  analyze: analyzeCopy,
  agreement: agreementCopy,
  questions: questionsCopy,
  bank: bankCopy,
  idea: ideaCopy,
  essay: essayCopy,
  sync: syncCopy,
  words: { ...wordsCopy, ...wordPagesCopy },
  media: mediaCopy,
  records: recordsCopy,
  exam: examCopy,
  ets: etsCopy,
  personal: personalCopy,
  search: searchCopy,
  flash: flashCopy,
  posts: postsCopy,
  operate: operateCopy,
  mail: mailCopy,
};

export type Copy = typeof zh;
