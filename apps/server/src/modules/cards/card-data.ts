import {
  escapeRegExp,
  seededRandom,
  stepOf,
  type CardStage,
  type DictionaryEntry,
  type FlashCardData,
} from '@gre/contracts';
import type { BankWords, wordIndex } from '../questions/index.js';

type Dictionary = Awaited<ReturnType<typeof wordIndex>>;

/** The blank of a recall prompt. */
export const RECALL_BLANK = '_____';

/**
 * One card of a running round as the server makes it: what the card shows (kept in flashes.round_cards) and how it
 * is graded (its gradingKey, kept in the round itself); never sent as it is.
 */
export interface StoredItem {
  /** Quiz step: the four meanings shown and the index of the right one. */
  quiz: { options: string[]; answer: number } | null;
  /** Recall step: the prompt shown and the answers that count (trimmed, lower case). */
  recall: {
    mode: 'definition' | 'sentence';
    prompt: string;
    question_id: string | null;
    hint: string;
    accepted: string[];
    answer: string;
  } | null;
}

const POS = /^\s*([a-z]+)\.\s*/i;
const POS_NAMES: Record<string, string> = {
  a: 'adj.',
  adj: 'adj.',
  n: 'n.',
  v: 'v.',
  vt: 'v.',
  vi: 'v.',
  ad: 'adv.',
  adv: 'adv.',
};

/** The part of speech a sense line starts with, normalised ('vt.' → 'v.', 'a.' → 'adj.'); '' when it has none. */
export function posOf(line: string): string {
  const m = POS.exec(line);
  if (!m) return '';
  return POS_NAMES[m[1]!.toLowerCase()] ?? `${m[1]!.toLowerCase()}.`;
}

/** A sense line as a short meaning for a quiz: without its part of speech and tags, its first three glosses. */
export function shortMeaning(line: string): string {
  return line
    .replace(POS, '')
    .replace(/<[^>]*>|\[[^\]]*\]/g, '')
    .split(/[,，;；]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join('，');
}

/** The dictionary entry filed under a headword (not a lemma the word is a form of). */
export function entryOf(dictionary: Dictionary, word: string): DictionaryEntry | null {
  const entries = dictionary.lookup(word).entries;
  return entries.find((e) => e.headword === word) ?? entries[0] ?? null;
}

/** The Chinese senses of a card: an extra meaning (a math word's) first, then the GRE senses, then the others. */
export function sensesOf(entry: DictionaryEntry | null, extra: string | null): string[] {
  const all = [...(extra ? [extra] : []), ...(entry?.gre_senses ?? []), ...(entry?.translation ?? [])];
  return [...new Set(all.map((s) => s.trim()).filter(Boolean))];
}

/**
 * Meanings by part of speech of the words distractors are drawn from (the GRE list): a word's first sense as a
 * short meaning. Built once per process.
 */
export class MeaningPool {
  private readonly byPos = new Map<string, { word: string; meaning: string }[]>();
  private readonly all: { word: string; meaning: string }[] = [];

  constructor(dictionary: Dictionary, words: readonly string[]) {
    for (const word of words) {
      const line = sensesOf(entryOf(dictionary, word), null)[0];
      const meaning = line ? shortMeaning(line) : '';
      if (!meaning) continue;
      const pos = posOf(line!);
      const list = this.byPos.get(pos) ?? [];
      list.push({ word, meaning });
      this.byPos.set(pos, list);
      this.all.push({ word, meaning });
    }
  }

  /** Three meanings of other words, of the same part of speech where the pool has enough, none equal to `right`. */
  distractors(word: string, pos: string, right: string, random: () => number): string[] {
    const picked: string[] = [];
    for (const pool of [this.byPos.get(pos) ?? [], this.all]) {
      for (let tries = 0; tries < 60 && picked.length < 3 && pool.length > 0; tries++) {
        const c = pool[Math.floor(random() * pool.length)]!;
        if (c.word !== word && c.meaning !== right && !picked.includes(c.meaning)) picked.push(c.meaning);
      }
    }
    // Unlucky draws end in a scan, so three are found whenever the list has them.
    for (const c of this.all) {
      if (picked.length >= 3) break;
      if (c.word !== word && c.meaning !== right && !picked.includes(c.meaning)) picked.push(c.meaning);
    }
    if (picked.length < 3) throw new Error('the GRE list has too few meanings for a quiz');
    return picked;
  }
}

/** Every spelling of a word worth masking in a prompt: the headword and its inflected forms. */
function spellings(word: string, entry: DictionaryEntry | null): string[] {
  return [word, ...(entry?.forms ?? []).map((f) => f.word.toLowerCase())].sort((a, b) => b.length - a.length);
}

/** A hint for an answer: its first letter, each later letter as '_', hyphens kept. */
export function hintOf(answer: string): string {
  return answer.slice(0, 1) + answer.slice(1).replace(/[^-]/g, '_');
}

export interface ItemInput {
  word: string;
  stage: CardStage;
  /** flash id, round index and word: the seed of everything random about the card. */
  seed: string;
  /** Visibilities of the questions the learner may see (never hidden or underground). */
  visibilities: readonly string[];
  /** A math deck's own meaning of the word, shown first. */
  extraMeaning: string | null;
}

/** The grading data of one card for the step its stage asks for. */
export function makeItem(dictionary: Dictionary, bank: BankWords, pool: MeaningPool, input: ItemInput): StoredItem {
  const step = stepOf(input.stage);
  const random = seededRandom(input.seed);
  const entry = entryOf(dictionary, input.word);
  if (step === 'quiz') {
    const first = sensesOf(entry, input.extraMeaning)[0] ?? '';
    const right = shortMeaning(first) || first || input.word;
    const wrong = pool.distractors(input.word, posOf(first), right, random);
    const options = [right, ...wrong];
    for (let i = options.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [options[i], options[j]] = [options[j]!, options[i]!];
    }
    return { quiz: { options, answer: options.indexOf(right) }, recall: null };
  }
  if (step === 'exam') {
    const sentences = bank.occurrences(input.word, { visibilities: input.visibilities, unblanked: true, limit: 20 });
    if (sentences.length > 0) {
      const o = sentences[Math.floor(random() * sentences.length)]!;
      const [start, end] = o.highlight;
      const form = o.sentence.slice(start, end).toLowerCase();
      return {
        quiz: null,
        recall: {
          mode: 'sentence',
          prompt: o.sentence.slice(0, start) + RECALL_BLANK + o.sentence.slice(end),
          question_id: o.question_id,
          hint: hintOf(form),
          accepted: [...new Set([input.word, form])],
          answer: form,
        },
      };
    }
    const lines = entry?.definition.length ? entry.definition.slice(0, 2) : sensesOf(entry, input.extraMeaning);
    const mask = new RegExp(
      `\\b(?:${spellings(input.word, entry)
        .map((s) => escapeRegExp(s))
        .join('|')})\\b`,
      'gi',
    );
    return {
      quiz: null,
      recall: {
        mode: 'definition',
        prompt: lines.join('\n').replace(mask, RECALL_BLANK) || input.word.replace(/./g, '_'),
        question_id: null,
        hint: hintOf(input.word),
        accepted: [input.word],
        answer: input.word,
      },
    };
  }
  return { quiz: null, recall: null };
}

/** What the learner's screen gets of a card: the dictionary's view and the step's prompt, never its answer. */
/** What grading reads of a card: the right option, the answers taken and the one shown after a choice. */
export interface GradingItem {
  quiz: { answer: number } | null;
  recall: { accepted: string[]; answer: string } | null;
}

/** The grading part of a card, kept in the round so a finish reads none of the cards' display data. */
export function gradingKey(item: StoredItem): GradingItem {
  return {
    quiz: item.quiz ? { answer: item.quiz.answer } : null,
    recall: item.recall ? { accepted: item.recall.accepted, answer: item.recall.answer } : null,
  };
}

export function cardData(
  dictionary: Dictionary,
  word: string,
  item: StoredItem,
  sourceQid: string | null,
  extraMeaning: string | null,
): FlashCardData {
  const entry = entryOf(dictionary, word);
  const senses = sensesOf(entry, extraMeaning);
  const recall = item.recall;
  return {
    word,
    phonetic: entry?.phonetic ?? '',
    pos: posOf(senses[0] ?? ''),
    senses,
    definition: entry?.definition ?? [],
    quiz_options: item.quiz ? [...item.quiz.options] : null,
    recall: recall
      ? { mode: recall.mode, prompt: recall.prompt, question_id: recall.question_id, hint: recall.hint }
      : null,
    source_qid: sourceQid,
  };
}
