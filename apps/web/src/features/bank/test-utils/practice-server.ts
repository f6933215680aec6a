import {
  craftCalls,
  examCalls,
  isAnswered,
  postCalls,
  questionCalls,
  userCalls,
  wordCalls,
  type Answer,
  type ExamItem,
  type ExamView,
  type QuestionBrief,
  type QuestionView,
} from '@gre/contracts';
import { vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { queryClient } from '../../../api/query-client';
import { setToken } from '../../../api/storage';
import { fake, fakeServer, makeUser, sentBody, type FakeReply } from '../../../test-utils';
import { makeExam, section } from '../../exam/test-utils/exam-fixture';
import { wordEntry } from '../../exam/test-utils/exam-server';
import { makeComment, ThreadWorld } from '../../posts/test-utils/thread-world';
import { bankQuestion } from '../../questions/test-utils/content-bank';

/** A list line for a question, as a book or the big bank shows it. */
export function briefOf(q: QuestionView, over: Partial<QuestionBrief> = {}): QuestionBrief {
  return {
    id: q.id,
    category: q.category,
    kind: q.kind,
    difficulty: q.difficulty,
    topic: q.topic,
    tag_ids: q.tag_ids,
    visibility: q.visibility,
    brief: q.brief,
    preview: 'p',
    accessable: true,
    ...over,
  };
}

/** Untimed practice as `/api/exam/practice` answers it: started, one 'practice' section, answers checked one by one. */
export function makePractice(items: ExamItem[], over: Partial<ExamView> = {}): ExamView {
  const base = makeExam();
  return {
    ...base,
    id: 77,
    template_id: 'b-1',
    name: '语文诊断测试',
    kind: 'book',
    source: 'Exercise',
    sections: [section(0, { area: 'practice', part: 0, name: '练习', time_limit_seconds: 0, items })],
    create_option: { ...base.create_option, kind: 'book', select_kind: null, enable_count_up: true, check: true },
    is_auto_commit: false,
    revision: 3,
    ...over,
  };
}

/** The item as a check sends it back: the full question (answer and analysis), graded, final. */
export function checkedItem(it: ExamItem, answer: Answer): ExamItem {
  const full = bankQuestion(it.question.id);
  const keys = (a: readonly string[]) => [...a].sort().join();
  const sa = full.standard_answer!;
  const correct =
    keys(answer.selects) === keys(sa.selects) &&
    keys(answer.multi_selects) === keys(sa.multi_selects) &&
    answer.text === sa.text &&
    answer.text2 === sa.text2;
  return {
    question: full,
    action: { ...it.action, answer, state: 'Answered', answered_time: 1_790_000_100, checked: true },
    result: { correct, issue: null, avg_time_seconds: 70, percent_correct: 55, withheld: null },
  };
}

type At = { section_index: number; question_index: number };

/**
 * A practice server for the viewer: keeps the revision and the items, grades checks, and refuses to open the
 * questions in `refused` (from `refuse`; day_overflow, as the daily quota does). `holdAnswers()` keeps every answer
 * save on its way until the returned release is called.
 */
export function practiceServer(initial: ExamView, opts: { refuse?: number[] } = {}) {
  const exam: ExamView = structuredClone(initial);
  const refused = new Set(opts.refuse);
  const clock = () => ({ section_index: 0, used_time_seconds: 12, remaining_seconds: null, auto_committed: false });
  const changed = (b: { revision: number }, apply: () => void): FakeReply<typeof examCalls.move> => {
    if (b.revision !== exam.revision) return { kind: 'stale_revision' };
    apply();
    exam.revision += 1;
    return { data: { revision: exam.revision, status: exam.status, clock: clock() } };
  };
  const at = (b: At) => exam.sections[b.section_index]!.items[b.question_index]!;
  setToken('t'.repeat(43));
  queryClient.setQueryData(queryKeys.currentUser, makeUser());
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: makeUser() })),
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(questionCalls.wordLookup, (b) => ({ data: wordEntry(b.word) })),
    fake(craftCalls.get, () => ({ data: { crafts: [] } })),
    fake(examCalls.practice, () => ({ data: structuredClone(exam) })),
    fake(examCalls.move, (b) => {
      if (refused.has(b.question_index)) return { kind: 'day_overflow' };
      return changed(b, () => {
        const it = at(b);
        if (it.action.state === 'NotEncountered') it.action.state = 'NotAnswered';
        exam.cursor = { section_index: b.section_index, question_index: b.question_index };
      });
    }),
    fake(examCalls.answer, (b) =>
      changed(b, () => {
        const it = at(b);
        it.action.answer = b.answer as Answer;
        it.action.state = isAnswered(it.question.input_method.kind, b.answer as Answer) ? 'Answered' : 'NotAnswered';
      }),
    ),
    fake(examCalls.check, (b): FakeReply<typeof examCalls.check> => {
      const checked = checkedItem(at(b), b.answer as Answer);
      const out = changed(b, () => {
        exam.sections[b.section_index]!.items[b.question_index] = checked;
      });
      return 'kind' in out ? out : { data: { change: out.data, item: checked } };
    }),
    fake(examCalls.heartbeat, () => ({ data: clock() })),
    // Every question's thread holds two comments (the count is what the viewer shows).
    fake(postCalls.get, (b) => ({
      data: new ThreadWorld(b.topic_id, [makeComment({ id: 1 }), makeComment({ id: 2 })]).post('new', 1),
    })),
    fake(examCalls.finishSection, (b) =>
      changed(b, () => {
        exam.sections[0]!.action.finished = true;
        exam.status = 'Finished';
      }),
    ),
  );
  let held: { release: () => void; gate: Promise<void> } | null = null;
  const stubbed = (url: string, init: RequestInit) =>
    url === examCalls.answer.path && held ? held.gate.then(() => fetch(url, init)) : fetch(url, init);
  vi.stubGlobal('fetch', stubbed);
  const calls = (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init));
  const holdAnswers = () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    held = { gate, release };
    return () => {
      held = null;
      release();
    };
  };
  return { exam, calls, holdAnswers, refused };
}
