import {
  CARD_STAGES,
  type CallResponse,
  type flashCalls,
  type FlashBrief,
  type WordBookBrief,
  type WordDetail,
  type WordInfos,
  type WordMet,
} from '@gre/contracts';
import { act, cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../../../api/query-client';
import { closeDialog } from '../../../state/ui';

/** The word pages' tests leave nothing behind: the rendered app, an open dialog, the cache, stubbed speech. */
export function cleanUpAfterEach(): void {
  afterEach(() => {
    cleanup();
    act(() => closeDialog());
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}

/** 2026-11-22 08:00 Shanghai, in Unix seconds. */
export const NOV_22 = 1_795_305_600;

/** A word book as add, delete and mark answer it, with its headwords for get_all. */
export function makeBook(over: Partial<WordBookBrief> & { id: number; name: string }, words: string[] = []) {
  return {
    word_count: words.length,
    simple_count: 0,
    created_at: '2026-11-20T08:00:00.000Z',
    ...over,
    words: words.map((word) => ({ word, simple: false })),
  } satisfies WordInfos['books'][number];
}

/** A deck with `mastered` of its `all` cards mastered and the rest still new. */
export function makeFlash(
  over: Partial<FlashBrief> & { id: number; name: string },
  mastered = 0,
  all = 20,
): FlashBrief {
  const counts = { NotSeen: all - mastered, Learn: 0, Quiz: 0, Exam: 0, Master: mastered };
  return {
    user_id: 7,
    status: 'Start',
    range_kind: 6,
    scope: '1',
    stage_count: counts,
    round_count: 1,
    summary: CARD_STAGES.map((stage) => ({ stage, count: counts[stage], progress: all ? counts[stage] / all : 0 })),
    all_card_count: all,
    gave_up: false,
    created_stamp: NOV_22,
    updated_stamp: NOV_22,
    ...over,
  };
}

export const REVIEW_DUE: CallResponse<typeof flashCalls.reviewDue> = {
  due_today: 12,
  due_total: 30,
  reviewed_today: 3,
  cap: 50,
  in_review: 80,
  next_due_stamp: NOV_22,
};

export function makeMet(word: string, sentence: string, over: Partial<WordMet> = {}): WordMet {
  return { word, question_id: 'q-rc-001', sentence, count: 1, last_stamp: NOV_22, ...over };
}

/** A word of a book's details page, plain unless told. */
export function makeDetail(word: string, over: Partial<WordDetail> = {}): WordDetail {
  return {
    word,
    simple: false,
    phonetic: '',
    senses: [],
    gre_senses: [],
    definition: [],
    forms: [],
    synonyms: [],
    antonyms: [],
    examples: [],
    band: null,
    mastered: false,
    ...over,
  };
}
