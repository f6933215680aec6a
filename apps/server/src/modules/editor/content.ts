import {
  cardLearnable,
  type ContentPassage,
  type ContentQuestion,
  type DraftBody,
  type EditorKind,
} from '@gre/contracts';
import type { PassageRow, QuestionRow } from './editor.repository.js';

/**
 * A live question back in the content format (the inverse of content-import's `questionRow`): what the editor opens,
 * what a revision's `before` keeps and what the export writes. `card_learn` is written only where it overrides the
 * rule, since the row stores the outcome, not whether the content said so.
 */
export function questionContent(row: QuestionRow): ContentQuestion {
  const base = {
    id: row.id,
    category: row.category as ContentQuestion['category'],
    kind: row.kind,
    difficulty: row.difficulty as ContentQuestion['difficulty'],
    ...(row.passageId ? { passage_id: row.passageId } : {}),
    ...(row.quantityA !== null ? { quantity_a: row.quantityA } : {}),
    ...(row.quantityB !== null ? { quantity_b: row.quantityB } : {}),
    description: row.description,
    inquiry: row.inquiry,
    media: row.media as ContentQuestion['media'],
    input_method: row.inputMethod as ContentQuestion['input_method'],
    standard_answer: row.standardAnswer as ContentQuestion['standard_answer'],
    analysis: row.analysis as ContentQuestion['analysis'],
    ...(row.topic ? { topic: row.topic as NonNullable<ContentQuestion['topic']> } : {}),
    tags: row.tags,
    visibility: row.visibility as ContentQuestion['visibility'],
    brief: row.brief,
    source_names: row.sourceNames,
    manual_mark: row.manualMark,
    ...(row.originId ? { origin_id: row.originId } : {}),
  };
  return cardLearnable(base) === row.cardLearn ? base : { ...base, card_learn: row.cardLearn };
}

export function passageContent(row: PassageRow): ContentPassage {
  return {
    id: row.id,
    kind: row.kind as ContentPassage['kind'],
    title: row.title,
    text: row.text,
    translate: row.translate,
    core: row.core,
    ...(row.sentences ? { sentences: row.sentences } : {}),
  };
}

/** A stored question as a draft body: the content question, and its passage for a reading question. */
export function bodyOf(row: QuestionRow, passage: PassageRow | null): DraftBody {
  const question = questionContent(row);
  return {
    question: { ...question, kind: question.kind as EditorKind },
    passage: passage ? passageContent(passage) : null,
  };
}
