/** The question renderers: one component set for every input kind, used by exams, review, search and personal pages. */
export { QuestionView, type QuestionViewHandle, type QuestionViewProps } from './question-view';
export { RichText, type RichTextProps, type WordClickHandler } from './rich-text';
export { emptyAnswer } from './answer-utils';
export { verdictOf, type Withheld } from './review-panel';
