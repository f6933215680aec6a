import type { ExamItem } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { zh } from '../../i18n/zh-CN.study';
import { emptyAnswer, QuestionView, type Withheld } from '../questions';
import { ExamDialog } from './exam-dialog';
import { examResultQuery } from './exam-queries';

// The exam screen renders without antd; the craft bar and click-a-word (antd) arrive only when a question is reviewed.
const CraftBarLight = lazy(() => import('../personal/craft-bar-light'));
const ReviewQuestionWords = lazy(() => import('./review-question-words'));
// Its discussion, the same way: "讨论 (n)" opens it in place under the question.
const DiscussionLight = lazy(() => import('../posts/discussion-light'));
// And the study assistant, opened in place too: the exam is finished, so it may answer about this question.
const AssistantLight = lazy(() => import('../assistant/assistant-light'));

const t = zh.exam.result;

export interface ReviewEntry {
  item: ExamItem;
  /** The question's number inside its section (1-based). */
  number: number;
  sectionName: string;
}

export const percentText = (p: number | null) => (p === null ? t.noData : t.percent(p));
export const avgText = (s: number | null) => (s === null ? t.noData : zh.exam.duration(s));

/**
 * Why the server sent a finished exam's question without its answer and analysis (decision 013), said where they
 * would be, with the learner's grading, which the result keeps; undefined when they are sent.
 */
function withheldOf(item: ExamItem): Withheld | undefined {
  const why = item.result?.withheld;
  if (!why) return undefined;
  const note =
    why === 'public_only'
      ? zh.dialogs.publicOnlyBody
      : why === 'not_opened'
        ? t.withheldNotOpened
        : why === 'prevent'
          ? t.withheldPrevent
          : t.withheldInExam;
  const kind = item.question.input_method.kind;
  if (kind === 'Essay' || kind === 'Word') return { note };
  return { note, verdict: item.action.state !== 'Answered' ? 'unanswered' : item.result?.correct ? 'right' : 'wrong' };
}

/**
 * One question of a finished exam: the standard answer, the learner's answer and the explanation (QuestionView in
 * review), with the learner's time beside the average of all users; back and forth through the whole exam.
 */
export function ResultReview({
  entries,
  index,
  kindName,
  onIndex,
  onClose,
}: {
  entries: ReviewEntry[];
  index: number;
  kindName: (kind: string) => string;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const examId = Number(useParams().examID);
  const { data: exam } = useQuery({ ...examResultQuery(examId), enabled: Number.isSafeInteger(examId) && examId > 0 });
  const entry = entries[index];
  if (!entry) return null;
  const { item } = entry;
  const answer = item.action.answer ?? emptyAnswer();
  const withheld = withheldOf(item);
  const title = `${entry.sectionName} · ${t.reviewTitle(entry.number)} · ${kindName(item.question.kind)}`;
  return (
    <ExamDialog
      title={title}
      onClose={onClose}
      wide
      actions={
        <>
          <button type="button" className="ge-button" onClick={() => onIndex(index - 1)} disabled={index === 0}>
            {t.reviewPrev}
          </button>
          <button
            type="button"
            className="ge-button"
            onClick={() => onIndex(index + 1)}
            disabled={index >= entries.length - 1}
          >
            {t.reviewNext}
          </button>
          <button type="button" className="ge-button is-primary" onClick={onClose} data-autofocus>
            {t.reviewClose}
          </button>
        </>
      }
    >
      <p className="ge-review-meta">
        <span>{t.reviewYourTime(zh.exam.duration(item.action.used_time_seconds))}</span>
        <span>{t.reviewAvgTime(avgText(item.result?.avg_time_seconds ?? null))}</span>
        <span>{t.reviewPercent(percentText(item.result?.percent_correct ?? null))}</span>
      </p>
      {/* Until the word look-up has loaded (the first review only), the question shows without clickable words. */}
      <Suspense fallback={<QuestionView question={item.question} answer={answer} mode="review" withheld={withheld} />}>
        <ReviewQuestionWords
          key={`${entry.sectionName}:${entry.number}`}
          question={item.question}
          answer={answer}
          mode="review"
          withheld={withheld}
        />
      </Suspense>
      {exam && (
        <Suspense fallback={null}>
          <CraftBarLight
            key={item.question.id}
            target={{
              questionId: item.question.id,
              category: item.question.category,
              source: { name: exam.name, exam_id: exam.id, template_id: exam.template_id, page: exam.source },
            }}
          />
        </Suspense>
      )}
      {item.question.topic_id !== null && (
        <Suspense fallback={null}>
          <DiscussionLight key={item.question.id} topicId={item.question.topic_id} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AssistantLight key={item.question.id} questionId={item.question.id} />
      </Suspense>
    </ExamDialog>
  );
}
