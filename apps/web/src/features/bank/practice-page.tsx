import type { ExamView, QuestionBrief } from '@gre/contracts';
import { useNavigate } from 'react-router';
import { useBankNames } from '../questions';
import { PracticeViewer, type PracticeList } from './practice-viewer';

/** A practice's item as a list line: the viewer shows lists, and a resumed practice is the list it was made from. */
function briefOf(q: ExamView['sections'][number]['items'][number]['question']): QuestionBrief {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    topic: q.topic,
    tag_ids: q.tag_ids,
    visibility: q.visibility,
    brief: q.brief,
    preview: '',
    accessable: q.accessable,
  };
}

/**
 * exam/{examID} of a practice with checked answers still under way (from 练习记录's 继续): the same viewer the bank
 * opens, at the question the learner stopped on; closing goes back to the record.
 */
export function PracticeResume({ exam }: { exam: ExamView }) {
  const navigate = useNavigate();
  const names = useBankNames();
  const list: PracticeList = {
    items: (exam.sections[0]?.items ?? []).map((i) => briefOf(i.question)),
    bookId: exam.template_id,
    title: exam.name,
  };
  return (
    <PracticeViewer
      list={list}
      start={Math.min(exam.cursor.question_index, Math.max(0, list.items.length - 1))}
      names={names}
      onClose={() => void navigate('/record')}
    />
  );
}
