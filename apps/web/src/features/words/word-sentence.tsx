import { escapeRegExp } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { ViewerModal } from '../../components/viewer-modal';
import { zh } from '../../i18n/zh-CN';
import { emptyAnswer, questionQuery, QuestionView } from '../questions';
import { useWordClick } from './word-lookup-provider';

const v = zh.words.viewer;

/**
 * Where the headword `word` stands in `sentence` as a whole word in any case, with an ending (reef → reefs, stop →
 * stopped; a final e or y may give way: make → making, study → studied), or null — an irregular form (go → went)
 * is not found, and the sentence shows unmarked.
 */
export function findWord(sentence: string, word: string): [number, number] | null {
  const w = word.trim();
  if (!w) return null;
  const stems = [w];
  if (w.length > 3 && /[ey]$/i.test(w)) stems.push(w.slice(0, -1));
  for (const stem of stems) {
    const match = new RegExp(`(?<![A-Za-z])${escapeRegExp(stem)}[A-Za-z]*`, 'i').exec(sentence);
    if (match) return [match.index, match.index + match[0].length];
  }
  return null;
}

/**
 * A sentence with the word in it marked. The range comes from the server or from `findWord`, never markup, so
 * nothing in the sentence is read as HTML; a range outside the sentence is clipped, an empty one marks nothing.
 */
export function MarkedSentence({ sentence, range }: { sentence: string; range: readonly [number, number] | null }) {
  const start = Math.max(0, Math.min(range?.[0] ?? 0, sentence.length));
  const end = Math.max(start, Math.min(range?.[1] ?? 0, sentence.length));
  if (end === start) return <span lang="en">{sentence}</span>;
  return (
    <span lang="en">
      {sentence.slice(0, start)}
      <mark>{sentence.slice(start, end)}</mark>
      {sentence.slice(end)}
    </span>
  );
}

/**
 * The question a sentence comes from, in review mode (answer and explanation shown) as a search result opens, its
 * words clickable for the look-up popover.
 */
export function WordQuestionViewer({
  questionId,
  word,
  onClose,
}: {
  questionId: string;
  word: string;
  onClose: () => void;
}) {
  const { data: question, isPending, isError } = useQuery(questionQuery(questionId, null));
  const onWordClick = useWordClick();
  return (
    <ViewerModal onCancel={onClose} footer={null} title={v.title(word)}>
      {isError ? (
        <Alert type="error" showIcon title={v.failed} />
      ) : isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <QuestionView question={question} answer={emptyAnswer()} mode="review" onWordClick={onWordClick} />
      )}
    </ViewerModal>
  );
}
