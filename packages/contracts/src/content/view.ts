import { cardLearnable, type ContentPassage, type ContentQuestion } from './question.js';
import { passageSentences } from './sentences.js';
import type { QuestionView } from '../calls/question-view.js';

/**
 * A content question as the server sends it to someone who may see everything (answer and explanation shown, the
 * passage expanded with its sentences): what the editor's live preview and the web's component tests render.
 */
export function contentView(q: ContentQuestion, passage: ContentPassage | null): QuestionView {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    group_id: passage?.id ?? null,
    description: q.description,
    passage: passage && {
      id: passage.id,
      kind: passage.kind,
      title: passage.title,
      text: passage.text,
      translate: passage.translate,
      core: passage.core,
      sentences: passageSentences(passage),
      word_connect: [],
    },
    quantity_a: q.quantity_a ?? null,
    quantity_b: q.quantity_b ?? null,
    inquiry: q.inquiry,
    media: q.media,
    input_method: q.input_method,
    standard_answer: { ...q.standard_answer, accessable: true },
    analysis: { ...q.analysis, show: true },
    topic: q.topic ?? null,
    tag_ids: q.tags,
    visibility: q.visibility,
    brief: q.brief,
    accessable: true,
    source_names: q.source_names,
    support_translate: Boolean(passage),
    word_info: null,
    manual_mark: q.manual_mark,
    card_learn: cardLearnable(q),
    origin_id: q.origin_id ?? null,
    topic_id: null,
  };
}
