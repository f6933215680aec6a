import {
  cardLearnable,
  draftPassage,
  DRAFT_QUESTION_ID,
  passageSentences,
  type Answer,
  type DraftBody,
  type QuestionView,
} from '@gre/contracts';

/**
 * A draft as the learner's question view receives it from the server, answers and explanation shown (review), so
 * the preview runs through the very renderers learners see. Half-typed drafts render as far as they go.
 */
export function previewView(body: DraftBody): QuestionView {
  const q = body.question;
  const passage = body.passage ? draftPassage(body) : null;
  return {
    id: q.id ?? DRAFT_QUESTION_ID,
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
    // The renderers draw only well-formed media; a half-typed SVG waits until it has its alt text.
    media: q.media.filter((m) => m.kind !== 'svg' || (m.svg.length >= 20 && m.alt.length > 0)),
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

/** The standard answer as a learner's answer, so review marks it as the right one. */
export function keyedAnswer(body: DraftBody): Answer {
  const sa = body.question.standard_answer;
  return { selects: sa.selects, multi_selects: sa.multi_selects, text: sa.text, text2: sa.text2, essay: '' };
}
