import {
  cardLearnable,
  isHiddenBook,
  MANUAL_MARK_NONE,
  type ContentBook,
  type ContentPassage,
  type ContentQuestion,
} from '@gre/contracts';
import type { bookItems, bookTemplates, passages, questions } from '@gre/db';
import { wordQuestionId, type EcdictEntry } from './ecdict.js';

export type QuestionRow = typeof questions.$inferInsert;
export type PassageRow = typeof passages.$inferInsert;
export type BookRow = typeof bookTemplates.$inferInsert;
export type BookItemRow = typeof bookItems.$inferInsert;

/** Word difficulty from ECDICT's corpus frequency rank: the commonest third easy, the next medium, the rarest hard. */
export const WORD_DIFFICULTY_RANKS = { easy: 10_000, medium: 20_000 } as const;

/** analysis.text is bounded at 8,000 characters by the contracts; the longest ECDICT entry is far below. */
const ANALYSIS_MAX = 8000;

/** What a passage contributes to the search text of its questions. */
export type PassageText = Pick<ContentPassage, 'title' | 'text'>;

/**
 * The text `questions.search_text` holds for keyword search: stem, quantities, options, passage and explanation
 * with its key words, lower-cased (the trigram index matches ILIKE either way; lower case keeps it smaller).
 */
export function searchText(
  q: Pick<ContentQuestion, 'inquiry' | 'quantity_a' | 'quantity_b' | 'input_method' | 'analysis' | 'brief' | 'tags'>,
  passage: PassageText | null,
): string {
  const parts = [
    q.inquiry,
    q.quantity_a ?? '',
    q.quantity_b ?? '',
    ...q.input_method.option_groups.flatMap((g) => g.options.map((o) => o.text)),
    passage ? `${passage.title}\n${passage.text}` : '',
    q.analysis.text,
    ...q.analysis.key_words,
    ...q.analysis.synonyms,
    ...q.analysis.antonyms,
    q.brief,
    ...q.tags,
  ];
  return parts.filter(Boolean).join('\n').toLowerCase();
}

export function passageRow(p: ContentPassage): PassageRow {
  return {
    id: p.id,
    kind: p.kind,
    title: p.title,
    text: p.text,
    translate: p.translate,
    core: p.core,
    sentences: p.sentences ?? null,
  };
}

export function questionRow(q: ContentQuestion, passage: PassageText | null): QuestionRow {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    authorDifficulty: q.difficulty,
    groupId: q.passage_id ?? null,
    passageId: q.passage_id ?? null,
    description: q.description,
    inquiry: q.inquiry,
    quantityA: q.quantity_a ?? null,
    quantityB: q.quantity_b ?? null,
    media: q.media,
    inputMethod: q.input_method,
    standardAnswer: q.standard_answer,
    analysis: q.analysis,
    topic: q.topic ?? null,
    tags: q.tags,
    visibility: q.visibility,
    brief: q.brief,
    sourceNames: q.source_names,
    manualMark: q.manual_mark,
    originId: q.origin_id ?? null,
    supportTranslate: Boolean(q.passage_id),
    cardLearn: cardLearnable(q),
    wordInfo: null,
    searchText: searchText(q, passage),
  };
}

function wordDifficulty(frq: number | null): 'easy' | 'medium' | 'hard' {
  if (frq !== null && frq <= WORD_DIFFICULTY_RANKS.easy) return 'easy';
  if (frq !== null && frq <= WORD_DIFFICULTY_RANKS.medium) return 'medium';
  return 'hard';
}

/**
 * A GRE list word as a category-5 question (input kind Word, a flash card): the word is the stem, the Chinese meaning
 * is the standard answer's description, and the explanation holds phonetic, Chinese senses and English definitions.
 */
export function wordQuestionRow(e: EcdictEntry): QuestionRow {
  const meaning = e.translation.join('\n');
  const analysis = [
    e.phonetic ? `音标：/${e.phonetic}/` : '',
    `释义：\n${e.translation.map((s) => `- ${s}`).join('\n')}`,
    e.definition.length ? `英文释义：\n${e.definition.map((s) => `- ${s}`).join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n')
    .slice(0, ANALYSIS_MAX);
  const content = {
    input_method: {
      kind: 'Word' as const,
      option_groups: [],
      fillable: false,
      fill_prefix: '',
      fill_suffix: '',
      group_size: 0,
      option_size: 0,
    },
    analysis: {
      text: analysis,
      key_words: e.translation.slice(0, 20).map((s) => s.slice(0, 80)),
      synonyms: [],
      antonyms: [],
    },
    brief: (e.translation[0] ?? '').slice(0, 120),
    tags: e.tags.slice(0, 10),
  };
  return {
    id: wordQuestionId(e.word),
    category: 5,
    kind: 'word',
    difficulty: wordDifficulty(e.frq),
    authorDifficulty: wordDifficulty(e.frq),
    groupId: null,
    passageId: null,
    description: '',
    inquiry: e.word,
    quantityA: null,
    quantityB: null,
    media: [],
    inputMethod: content.input_method,
    standardAnswer: { selects: [], multi_selects: [], text: '', text2: '', description: meaning.slice(0, 4000) },
    analysis: content.analysis,
    topic: null,
    tags: content.tags,
    visibility: 'public',
    brief: content.brief,
    sourceNames: ['ECDICT'],
    manualMark: MANUAL_MARK_NONE,
    originId: null,
    supportTranslate: false,
    cardLearn: true,
    wordInfo: { kind: 'gre', id: e.word, pair_id: null },
    // The word, its Chinese senses and English definitions once each: the explanation repeats them, and every extra
    // character is trigrams the search index must write.
    searchText: [e.word, ...e.translation, ...e.definition].join('\n').toLowerCase(),
  };
}

/** A book template row; `position` falls back to the book's place in its file. */
export function bookRow(b: ContentBook, indexInFile: number): BookRow {
  return {
    id: b.id,
    title: b.title,
    subTitle: b.sub_title,
    kind: b.kind,
    kind2: b.kind2,
    kind3: b.kind3,
    kind4: b.kind4,
    param: b.param,
    label: b.label,
    access: b.access,
    minRole: b.min_role ?? null,
    unlockAt: b.unlock_date ? new Date(b.unlock_date) : null,
    grantsUnderground: b.grants_underground,
    tailor: b.tailor,
    // The stored flag is the one rule (isHiddenBook): an `access: 'hide'` book is hidden as a flagged one is.
    hide: isHiddenBook(b),
    position: b.position ?? indexInFile,
  };
}

/** Items numbered through the whole book, so ordering by position alone keeps the sections in their listed order. */
export function bookItemRows(b: ContentBook): BookItemRow[] {
  let position = 0;
  return b.sections.flatMap((s) =>
    s.question_ids.map((questionId) => ({ bookId: b.id, section: s.section, position: position++, questionId })),
  );
}
