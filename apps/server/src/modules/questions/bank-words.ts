import type { Queryable } from '@gre/db';
import type { Visibility } from '../../lib/access.js';
import { BLANK, plainText, splitSentences, wordsIn } from './bank-text.js';
import { bankTexts, bankVersion, type BankQuestionRow } from './bank-words.repository.js';
import { greList, isBasicWord } from './gre-list.js';
import { wordIndex, type WordIndex } from './word-index.js';

/** A sentence of a stem or passage where a form of a headword occurs, and the question that shows it. */
export interface BankOccurrence {
  question_id: string;
  sentence: string;
  /** The form as written: [start, end) in UTF-16 code units of `sentence`. */
  highlight: [number, number];
  /** The question's visibility; callers keep only what the learner may see. */
  visibility: Visibility;
  /** The sentence has a blank of its question (a text-completion stem): never a recall prompt. */
  blanked: boolean;
}

/** The headword of one option of a text-completion or sentence-equivalence question. */
export interface OptionWord {
  word: string;
  question_id: string;
  kind: string;
  visibility: Visibility;
}

export interface OccurrenceFilter {
  /** Keep only questions of these visibilities. */
  visibilities?: readonly string[] | undefined;
  /** Only sentences of this question (its stem and its passage). */
  questionId?: string | undefined;
  /** Leave out sentences with a blank of their question. */
  unblanked?: boolean | undefined;
  limit?: number | undefined;
}

interface QuestionWords {
  visibility: Visibility;
  /** Option headwords (TC / SE), in option order. */
  options: string[];
  /** GRE-list headwords beyond basic vocabulary in the stem and the passage, in order of appearance. */
  study: string[];
}

const OPTION_KINDS = new Set(['se', 'tc1', 'tc2', 'tc3']);

/** Option texts of a stored input method, in group and option order. */
function optionTexts(inputMethod: unknown): string[] {
  const groups = (inputMethod as { option_groups?: { options?: { text?: unknown }[] }[] } | null)?.option_groups;
  return (groups ?? []).flatMap((g) => (g.options ?? []).map((o) => (typeof o.text === 'string' ? o.text : '')));
}

/**
 * The bank's words in memory: for every lower-case dictionary headword, the sentences of stems and passages where a
 * form of it occurs; the option words of text-completion and sentence-equivalence questions; the words worth a card
 * of each question. Built from the questions and passages tables (a few hundred texts: well under a megabyte), once
 * per database, and built again when the bank changes (`bankWords` compares a fingerprint of the tables).
 */
export class BankWords {
  private readonly byWord = new Map<string, BankOccurrence[]>();
  private readonly byQuestion = new Map<string, QuestionWords>();
  private readonly options = new Map<string, OptionWord[]>();
  private readonly heads = new Map<string, string | null>();

  constructor(
    private readonly dictionary: WordIndex,
    texts: Awaited<ReturnType<typeof bankTexts>>,
    private readonly studyWords: ReadonlySet<string>,
  ) {
    const ofPassage = new Map<string, BankQuestionRow[]>();
    for (const q of texts.questions) {
      if (q.passageId) ofPassage.set(q.passageId, [...(ofPassage.get(q.passageId) ?? []), q]);
      const visibility = q.visibility as Visibility;
      const words: QuestionWords = { visibility, options: [], study: [] };
      this.byQuestion.set(q.id, words);
      if (OPTION_KINDS.has(q.kind)) {
        for (const text of optionTexts(q.inputMethod)) {
          // A phrase option ('fade away') is not one word: no card for it.
          const head = /^[A-Za-z-]+$/.test(text.trim()) ? this.headword(text.trim()) : null;
          if (!head || words.options.includes(head)) continue;
          words.options.push(head);
          const list = this.options.get(q.kind) ?? [];
          list.push({ word: head, question_id: q.id, kind: q.kind, visibility });
          this.options.set(q.kind, list);
        }
      }
      this.addText(q.inquiry, [q], words);
    }
    for (const p of texts.passages) {
      const readers = ofPassage.get(p.id) ?? [];
      if (readers.length === 0) continue;
      const text = p.sentences?.length ? p.sentences.join('\n') : p.text;
      // A passage sentence is shown with the first question of each visibility, so every learner who may see one of
      // the passage's questions finds it.
      const shownWith = [...new Map(readers.map((q) => [q.visibility, q])).values()];
      const words = readers.map((q) => this.byQuestion.get(q.id)!);
      this.addText(text, shownWith, ...words);
    }
  }

  /** The lower-case headword of a word as written, or null when the dictionary has none (or only a capitalised one). */
  headword(raw: string): string | null {
    const key = raw.length > 1 ? raw : '';
    if (!key) return null;
    let head = this.heads.get(key);
    if (head === undefined) {
      head = this.dictionary.headwordOf(key);
      if (head && head !== head.toLowerCase()) head = this.dictionary.headwordOf(key.toLowerCase());
      if (head && (head !== head.toLowerCase() || !/^[a-z][a-z-]*$/.test(head))) head = null;
      this.heads.set(key, head);
    }
    return head;
  }

  private addText(text: string, shownWith: BankQuestionRow[], ...owners: QuestionWords[]): void {
    for (const sentence of splitSentences(plainText(text))) {
      const blanked = sentence.includes(BLANK);
      const seen = new Set<string>();
      for (const { token, start, end } of wordsIn(sentence)) {
        const head = this.headword(token);
        if (!head || seen.has(head)) continue;
        seen.add(head);
        const list = this.byWord.get(head) ?? [];
        for (const q of shownWith)
          list.push({
            question_id: q.id,
            sentence,
            highlight: [start, end],
            visibility: q.visibility as Visibility,
            blanked,
          });
        this.byWord.set(head, list);
        if (this.studyWords.has(head))
          for (const owner of owners) if (!owner.study.includes(head)) owner.study.push(head);
      }
    }
  }

  /** Sentences where a form of the word (any spelling of it; resolved to its headword) occurs, in bank order. */
  occurrences(word: string, filter: OccurrenceFilter = {}): BankOccurrence[] {
    const head = this.headword(word.trim()) ?? word.trim().toLowerCase();
    const all = this.byWord.get(head) ?? [];
    const allowed = filter.visibilities ? new Set(filter.visibilities) : null;
    const out: BankOccurrence[] = [];
    const sentences = new Set<string>();
    for (const o of all) {
      if (allowed && !allowed.has(o.visibility)) continue;
      if (filter.questionId && o.question_id !== filter.questionId) continue;
      if (filter.unblanked && o.blanked) continue;
      // A passage sentence listed once per visibility is one example.
      if (sentences.has(o.sentence)) continue;
      sentences.add(o.sentence);
      out.push(o);
      if (filter.limit !== undefined && out.length >= filter.limit) break;
    }
    return out;
  }

  /** Headwords of the option texts of questions of a kind ('se', 'tc1', 'tc2', 'tc3', or 'tc' for all three). */
  optionWords(kind: string): OptionWord[] {
    const kinds = kind === 'tc' ? ['tc1', 'tc2', 'tc3'] : [kind];
    return kinds.flatMap((k) => this.options.get(k) ?? []);
  }

  /**
   * The words worth a card of these questions: option headwords first, then GRE-list words beyond basic vocabulary
   * of the stem and passage; each word once with the first question (in the order given) it came from.
   */
  wordsOfQuestions(ids: readonly string[]): Map<string, string> {
    const out = new Map<string, string>();
    for (const id of ids) {
      const q = this.byQuestion.get(id);
      if (!q) continue;
      for (const w of [...q.options, ...q.study]) if (!out.has(w)) out.set(w, id);
    }
    return out;
  }

  /** The visibility of a bank question, or null for an id the bank lacks. */
  visibilityOf(questionId: string): Visibility | null {
    return this.byQuestion.get(questionId)?.visibility ?? null;
  }
}

interface Cached {
  version: string;
  checkedAt: number;
  index: Promise<BankWords>;
}

const cache = new WeakMap<object, Cached>();

/** How long a built index is trusted before the bank's fingerprint is read again. */
const RECHECK_MS = 2000;

async function build(db: Queryable, dir?: string): Promise<BankWords> {
  const [dictionary, texts, list] = await Promise.all([wordIndex(dir), bankTexts(db), greList(dir)]);
  const study = new Set(list.filter((w) => !isBasicWord(w) && /^[a-z]+$/.test(w.word)).map((w) => w.word));
  return new BankWords(dictionary, texts, study);
}

/**
 * The bank-word index of a database, built on first use and rebuilt when the bank's fingerprint (bankVersion) has
 * changed — read at most every RECHECK_MS, or on every call with `maxAgeMs: 0`. Concurrent callers share one build.
 */
export async function bankWords(
  database: { db: Queryable },
  opts: { maxAgeMs?: number; dir?: string } = {},
): Promise<BankWords> {
  const { db } = database;
  const now = performance.now();
  const cached = cache.get(db);
  if (cached && now - cached.checkedAt < (opts.maxAgeMs ?? RECHECK_MS)) return cached.index;
  const version = await bankVersion(db);
  const again = cache.get(db);
  if (again && again.version === version) {
    again.checkedAt = now;
    return again.index;
  }
  const index = build(db, opts.dir);
  const entry: Cached = { version, checkedAt: now, index };
  cache.set(db, entry);
  // A failed build is tried again on the next call instead of being kept.
  index.catch(() => {
    if (cache.get(db) === entry) cache.delete(db);
  });
  return index;
}
