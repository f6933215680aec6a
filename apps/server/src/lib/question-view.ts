import {
  MANUAL_MARK_NONE,
  manualMarkSchema,
  passageSentences,
  type QuestionBrief,
  type QuestionView,
} from '@gre/contracts';
import type { BriefRow, PassageRowFull, QuestionRowFull } from '@gre/db/queries';

/** Characters of stem a list line shows. */
const PREVIEW_CHARS = 140;

/** The opening of a stem for lists: blanks as ____, whitespace collapsed. */
export function stemPreview(inquiry: string): string {
  const flat = inquiry
    .replace(/\{\{\d\}\}/g, '____')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= PREVIEW_CHARS) return flat;
  let cut = flat.slice(0, PREVIEW_CHARS - 1);
  // Never end inside $…$ math: a half formula cannot be typeset, so stop before its opening dollar.
  const dollars = [...cut.matchAll(/(?<!\\)\$/g)];
  if (dollars.length % 2 === 1) cut = cut.slice(0, dollars[dollars.length - 1]!.index).trimEnd();
  return `${cut}…`;
}

/** A list line; a question the viewer may not open keeps its labels but loses its stem. */
export function toQuestionBrief(row: BriefRow, accessable: boolean): QuestionBrief {
  return {
    id: row.id,
    category: row.category,
    kind: row.kind,
    difficulty: row.difficulty as QuestionBrief['difficulty'],
    topic: row.topic as QuestionBrief['topic'],
    tag_ids: row.tags,
    visibility: row.visibility as QuestionBrief['visibility'],
    brief: row.brief,
    preview: accessable ? stemPreview(row.inquiry) : '',
    accessable,
  };
}

/**
 * A question as the client receives it. With `answers` false the standard answer, the analysis and the passage's
 * translation and Chinese gist are not copied at all, so nothing the viewer may not see can reach the response; sent,
 * they carry spec §3 `accessable` / `show` as true.
 */
export function toQuestionView(
  q: QuestionRowFull,
  passage: PassageRowFull | null,
  answers: boolean,
  held = false,
): QuestionView {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty as QuestionView['difficulty'],
    group_id: q.groupId,
    description: q.description,
    passage: passage
      ? {
          id: passage.id,
          kind: passage.kind as 'short' | 'long',
          title: passage.title,
          text: passage.text,
          translate: answers ? passage.translate : '',
          core: answers ? passage.core : '',
          sentences: passageSentences({ text: passage.text, sentences: passage.sentences ?? undefined }),
          word_connect: passage.wordConnect,
        }
      : null,
    quantity_a: q.quantityA,
    quantity_b: q.quantityB,
    inquiry: q.inquiry,
    media: q.media as QuestionView['media'],
    input_method: q.inputMethod as QuestionView['input_method'],
    standard_answer: answers
      ? { ...(q.standardAnswer as NonNullable<QuestionView['standard_answer']>), accessable: true }
      : null,
    analysis: answers ? { ...(q.analysis as NonNullable<QuestionView['analysis']>), show: true } : null,
    topic: q.topic as QuestionView['topic'],
    tag_ids: q.tags,
    visibility: q.visibility as QuestionView['visibility'],
    brief: q.brief,
    accessable: true,
    source_names: q.sourceNames,
    support_translate: q.supportTranslate && answers,
    word_info: q.wordInfo as QuestionView['word_info'],
    // A row written before the flags existed, or by hand, reads as unflagged.
    manual_mark: manualMarkSchema.safeParse(q.manualMark).data ?? MANUAL_MARK_NONE,
    card_learn: q.cardLearn,
    origin_id: q.originId,
    topic_id: q.topicId,
    answers_held: held,
  };
}
