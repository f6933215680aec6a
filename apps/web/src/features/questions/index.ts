/**
 * The questions feature's face: the question renderers (one component set for every input kind, used by exams,
 * review, search and personal pages), a question and the category names by id, and the renderers' sizes. The exam
 * screen's first load comes through here, so nothing behind this face may import antd (bench/web-bundle.ts).
 */
export { QuestionView, type QuestionViewHandle, type QuestionViewProps } from './question-view';
export { RichText, type RichTextProps, type WordClickHandler } from './rich-text';
export { answerForNumber, emptyAnswer } from './answer-utils';
export { verdictOf, type Withheld } from './review-panel';
export { questionCssVars } from './tokens';
export { categoryConfigQuery, questionKeys, questionQuery } from './question-queries';
export { useBankNames, type BankNames } from './bank-names';
