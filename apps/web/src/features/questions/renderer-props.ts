import type { Answer, QuestionView as QuestionData } from '@gre/contracts';
import type { WordClickHandler } from './rich-text';

export type StandardAnswer = NonNullable<QuestionData['standard_answer']>;

/** What QuestionView hands each input-kind renderer. */
export interface RendererProps {
  question: QuestionData;
  /** The answer on screen: the learner's current answer, or in review the one being reviewed. */
  answer: Answer;
  /** Reports a new answer; never called while `readOnly`. */
  change: (a: Answer) => void;
  readOnly: boolean;
  review: boolean;
  /** The correct answer, only in review and only when the viewer may see it. */
  standard: StandardAnswer | null;
  onWordClick?: WordClickHandler;
}
