import { FILTER_EXAM_MAX, type CreateExamRequest } from '@gre/contracts';
import { subjectOfCategory, useCreateExam } from '../records';

type PersonalRequest = Extract<CreateExamRequest, { source: 'personal' }>;
/** A personal page, the re-reviews due today, or essays written before. */
export type PracticeScope = PersonalRequest['scope'];
export type PracticeFilter = NonNullable<PersonalRequest['filter']>;

/**
 * Practice from the personal pages (issue 5): one exam made of the learner's own crafts, opened at once. The server
 * records the page source from the scope, so every entry point (a page's "练习这些题", 今日待复习, 写作练习) goes
 * through here and sends the same request shape. `onNothing` shows "nothing to practise" in place of a toast.
 */
export function usePersonalPractice(onNothing?: () => void) {
  const create = useCreateExam(undefined, onNothing);
  const start = (scope: PracticeScope, count: number, filter?: PracticeFilter) =>
    create.mutate({
      request: {
        source: 'personal',
        scope,
        ...(filter && { filter }),
        count: Math.max(1, Math.min(count, FILTER_EXAM_MAX)),
      },
      // The out-of-quota dialog names the subject when the filter keeps to one.
      subject: subjectOfCategory(filter?.category ?? 0),
    });
  return { start, isPending: create.isPending };
}
