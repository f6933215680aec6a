import type { BookBrief } from '@gre/contracts';

/** A plain open pick book as book/list sends it; tests change only what they look at. */
export function makeBookBrief(over: Partial<BookBrief> = {}): BookBrief {
  return {
    id: 'b-1',
    kind: 'pick',
    kind2: 'mixed',
    kind3: '',
    kind4: '',
    title: '语文诊断测试',
    sub_title: '',
    label: '',
    param: {},
    access: 'free',
    tailor: { custom: false, common: false },
    hide: false,
    min_role: null,
    unlock_date_stamp: null,
    question_count: 12,
    status: 'NotOpen',
    limit: 0,
    refusal: null,
    answers_after_finish: false,
    ...over,
  };
}
