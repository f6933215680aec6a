import {
  CARD_TAGS,
  FLASH_REVIEW_DAILY_CAP,
  FLASH_SOURCES,
  shanghaiDate,
  shanghaiDayStart,
  sourceOfRangeKind,
  type CardTag,
  type FlashCreateRequest,
} from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { dueBefore } from '../../lib/fsrs.js';
import { bankWords, wordIndex, type BankWords } from '../questions/index.js';
import { dueWords, pendingReviewCards, reviewFigures } from './flash.repository.js';
import {
  bookQuestionIds,
  collectedQuestionIds,
  correctQuestionIds,
  flashedWords,
  metWords,
  usedWords,
  wordBookWords,
} from './sources.repository.js';
import { CARD_WORD, greBands, mathWords } from './word-lists.js';

type Db = Deps['database']['db'];

/** A word a deck could take, with the bank question it was found in (null for sources outside the bank). */
export interface PoolWord {
  word: string;
  sourceQid: string | null;
}

export interface Pool {
  /** The source's words after the exclusions, in the source's order. */
  words: PoolWord[];
  /** The deck's name as the learner sees it. */
  name: string;
  /** A review deck: no coins, cards start at Exam. */
  review: boolean;
  /** A math deck's own meanings, shown first on the card. */
  meanings: Map<string, string>;
}

/** The visibilities whose questions give a learner words: what they may see, never hidden or underground. */
export function cardVisibilities(actor: Actor): string[] {
  return visibleVisibilities(actor).filter((v) => v !== 'hidden' && v !== 'underground');
}

const SOURCE_NAMES = {
  pick: '精选题库词汇',
  best: '高频精选词汇',
  filling: '填空词汇',
  math: '数学词汇',
  six_two: '六选二词汇',
  word_book: '生词本',
  gre_band: 'GRE 词表频段',
  collected: '收藏的闪卡',
  met: '查词记录',
  review: '今日复习',
} as const;

const TAG_NAMES: Record<CardTag, string> = { pick: '精选', best: '高频', card: '其他' };

const badScope = (detail: string) => new AppError('invalid_input', `scope: ${detail}`, '闪卡范围不正确');

const headwords = new Map<string, boolean>();

/** Whether the dictionary files an entry under this word (remembered: the GRE bands ask for thousands). */
function isHeadword(dictionary: Awaited<ReturnType<typeof wordIndex>>, word: string): boolean {
  let known = headwords.get(word);
  if (known === undefined) {
    known = dictionary.lookup(word).entries.some((e) => e.headword === word);
    headwords.set(word, known);
  }
  return known;
}

/** Words once each, the first occurrence's question kept. */
function unique(words: Iterable<PoolWord>): PoolWord[] {
  const seen = new Map<string, PoolWord>();
  for (const w of words) if (!seen.has(w.word)) seen.set(w.word, w);
  return [...seen.values()];
}

const fromQuestions = (bank: BankWords, ids: string[]): PoolWord[] =>
  [...bank.wordsOfQuestions(ids)].map(([word, sourceQid]) => ({ word, sourceQid }));

/** Words of the learner's due long-term reviews that today's cap still takes, not already in an open review deck. */
export async function reviewPool(db: Db, userId: number, now: Date): Promise<PoolWord[]> {
  const dayStart = new Date(shanghaiDayStart(shanghaiDate(now)) * 1000);
  const [due, pending, figures] = await Promise.all([
    dueWords(db, userId, dueBefore(now)),
    pendingReviewCards(db, userId, FLASH_SOURCES.review),
    reviewFigures(db, userId, dueBefore(now), dayStart),
  ]);
  const held = new Set(pending);
  const room = Math.max(0, FLASH_REVIEW_DAILY_CAP - figures.reviewedToday - held.size);
  return due.filter((w) => !held.has(w.word)).slice(0, room);
}

/**
 * A deck's source as words (spec §9 flash sources and those of /word), after the request's exclusions: only words of
 * questions the learner may see count, and every word is a lower-case headword the dictionary has.
 */
export async function sourcePool(
  deps: Pick<Deps, 'database' | 'clock'>,
  actor: Actor,
  req: FlashCreateRequest,
): Promise<Pool> {
  const db = deps.database.db;
  const userId = actor.user.id;
  const source = sourceOfRangeKind(req.range_kind);
  if (!source) throw new AppError('invalid_input', `range_kind ${req.range_kind} is no flash source`);
  const visibilities = cardVisibilities(actor);
  const allowed = new Set(visibilities);
  const [bank, dictionary] = await Promise.all([bankWords(deps.database), wordIndex()]);
  const scope = req.scope;
  const needsEmptyScope = !['word_book', 'gre_band', 'collected'].includes(source);
  if (needsEmptyScope && scope !== '') throw badScope(`${source} takes no scope`);
  let name: string = SOURCE_NAMES[source];
  const meanings = new Map<string, string>();
  let words: PoolWord[];
  switch (source) {
    case 'pick':
    case 'best':
      words = fromQuestions(bank, await bookQuestionIds(db, source, visibilities));
      break;
    case 'filling':
    case 'six_two':
      words = bank
        .optionWords(source === 'filling' ? 'tc' : 'se')
        .filter((o) => allowed.has(o.visibility))
        .map((o) => ({ word: o.word, sourceQid: o.question_id }));
      break;
    case 'math':
      for (const m of await mathWords()) meanings.set(m.word, m.meaning);
      words = [...meanings.keys()].map((word) => ({ word, sourceQid: null }));
      break;
    case 'word_book': {
      if (!/^[1-9][0-9]{0,17}$/.test(scope)) throw badScope('a word book id');
      const book = await wordBookWords(db, userId, Number(scope));
      if (!book) throw new AppError('not_found', 'word book not found', '生词本不存在');
      name = `${name} · ${book.name}`;
      words = book.words.map((word) => ({ word, sourceQid: null }));
      break;
    }
    case 'gre_band': {
      if (!/^[1-5]$/.test(scope)) throw badScope('a band 1–5');
      name = `${name} ${scope}`;
      words = (await greBands()).words(Number(scope)).map((word) => ({ word, sourceQid: null }));
      break;
    }
    case 'collected': {
      if (scope !== '' && !(scope in CARD_TAGS)) throw badScope("'' or a card tag pick, best, card");
      const tag = scope === '' ? null : CARD_TAGS[scope as CardTag];
      if (scope !== '') name = `${name} · ${TAG_NAMES[scope as CardTag]}`;
      words = fromQuestions(bank, await collectedQuestionIds(db, userId, tag, visibilities));
      break;
    }
    case 'met':
      words = (await metWords(db, userId)).map((m) => ({
        word: m.word,
        sourceQid: allowed.has(bank.visibilityOf(m.questionId) ?? '') ? m.questionId : null,
      }));
      break;
    case 'review':
      // Reviews are the mastered words themselves: the exclusions do not apply.
      return {
        words: await reviewPool(db, userId, deps.clock.now()),
        name: `${name} ${shanghaiDate(deps.clock.now()).slice(5)}`,
        review: true,
        meanings,
      };
  }
  const [used, correct, flashed] = await Promise.all([
    req.exclude_used ? usedWords(db, userId) : new Set<string>(),
    req.exclude_correct ? correctQuestionIds(db, userId) : [],
    req.exclude_flashed ? flashedWords(db, userId) : new Set<string>(),
  ]);
  const answered = new Set(bank.wordsOfQuestions(correct).keys());
  // The bank's words are headwords already; a learner's list or a word list is checked against the dictionary.
  const fromBank = ['pick', 'best', 'filling', 'six_two', 'collected'].includes(source);
  const kept = unique(words).filter(
    (w) =>
      CARD_WORD.test(w.word) &&
      !used.has(w.word) &&
      !answered.has(w.word) &&
      !flashed.has(w.word) &&
      (fromBank || isHeadword(dictionary, w.word)),
  );
  return { words: kept, name, review: false, meanings };
}

/** A question of the bank the learner may see where the word occurs, for "see it in context"; null when none. */
export function contextQuestion(bank: BankWords, word: string, visibilities: readonly string[]): string | null {
  return bank.occurrences(word, { visibilities, limit: 1 })[0]?.question_id ?? null;
}
