import {
  contentView,
  draftPassage,
  DRAFT_QUESTION_ID,
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
  return contentView(
    {
      ...q,
      id: q.id ?? DRAFT_QUESTION_ID,
      // The renderers draw only well-formed media; a half-typed SVG waits until it has its alt text.
      media: q.media.filter((m) => m.kind !== 'svg' || (m.svg.length >= 20 && m.alt.length > 0)),
    },
    body.passage ? draftPassage(body) : null,
  );
}

/** The standard answer as a learner's answer, so review marks it as the right one. */
export function keyedAnswer(body: DraftBody): Answer {
  const sa = body.question.standard_answer;
  return { selects: sa.selects, multi_selects: sa.multi_selects, text: sa.text, text2: sa.text2, essay: '' };
}
