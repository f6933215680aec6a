import {
  examCalls,
  isAnswered,
  questionCalls,
  userCalls,
  wordCalls,
  type Answer,
  type CategoryConfig,
  type ExamClock,
  type ExamView,
  type WordLookup,
} from '@gre/contracts';
import { setToken } from '../../../api/storage';
import { fake, fakeServer, makeUser, type FakeReply, sentBody } from '../../../test-utils';
import { finishedExam } from './exam-fixture';

type Body = Record<string, unknown> & { revision?: number; section_index?: number; question_index?: number };
/** Every exam change call (start, move, answer, flag, finish_section) answers the same shape. */
type Reply = FakeReply<typeof examCalls.move>;

export const CATEGORY_CONFIG: CategoryConfig = {
  categories: [
    {
      id: 1,
      key: 'filling',
      name: '填空',
      kinds: [
        { id: 'tc2', name: '双空填空', input_kind: 'TwoBoxFill' },
        { id: 'se', name: '六选二', input_kind: 'SixChooseTwo' },
      ],
      subs: [],
      reasons: [],
    },
  ],
  difficulties: [],
};

/** A dictionary entry for any word, as /api/word/lookup answers it. */
export function wordEntry(word: string): WordLookup {
  const entry = {
    word,
    headword: word.toLowerCase(),
    relation: null,
    phonetic: 'fɪkstʃə',
    gre_senses: [],
    translation: ['n. 测试释义'],
    definition: [],
    forms: [],
    gre: false,
    question_id: null,
  };
  return { query: word, found: true, parts: [], entries: [entry] };
}

/**
 * An exam server for component tests that keeps the rules the page relies on: the revision (a change with another
 * is stale), the cursor and question states, flags, submitted sections and the section clock.
 */
export function examServer(
  initial: ExamView,
  opts: {
    onHeartbeat?: (exam: ExamView) => Partial<ExamClock> | void;
    result?: ExamView;
    /** The learner's ETS mode; off unless asked, so a mock shows the Chinese screen most tests check. */
    etsMode?: boolean;
  } = {},
) {
  const exam: ExamView = structuredClone(initial);
  const open = () => exam.sections.find((s) => !s.action.finished)?.index ?? 0;
  const clockOf = (over: Partial<ExamClock> = {}): ExamClock => {
    const s = exam.sections[open()]!;
    const limit = s.time_limit_seconds;
    const used = s.action.used_time_seconds;
    return {
      section_index: s.index,
      used_time_seconds: used,
      remaining_seconds: limit > 0 ? Math.max(0, limit - used) : null,
      auto_committed: false,
      ...over,
    };
  };
  const stale = new Set<string>();
  const changed = (path: string, body: Body, apply: () => void): Reply => {
    if (stale.delete(path)) {
      exam.revision += 1;
      return { kind: 'stale_revision' };
    }
    if (body.revision !== exam.revision) return { kind: 'stale_revision' };
    apply();
    exam.revision += 1;
    return { data: { revision: exam.revision, status: exam.status, clock: clockOf() } };
  };
  const item = (b: Body) => exam.sections[b.section_index!]!.items[b.question_index!]!;
  setToken('t'.repeat(43));
  let user = makeUser();
  user = { ...user, data: { ...user.data, exam_ets_mode: opts.etsMode ?? false } };
  const fetch = fakeServer(
    fake(userCalls.get, () => ({ data: user })),
    fake(userCalls.updateExamEtsMode, (b) => {
      user = { ...user, data: { ...user.data, exam_ets_mode: b.ets_mode } };
      return { data: user };
    }),
    fake(questionCalls.categoryConfig, () => ({ data: CATEGORY_CONFIG })),
    // Click-a-word in the result review: no word books yet; every word has an entry of its own.
    fake(wordCalls.getAll, () => ({ data: { books: [] } })),
    fake(questionCalls.wordLookup, (b) => ({ data: wordEntry(b.word) })),
    fake(examCalls.get, () => ({ data: structuredClone(exam) })),
    fake(examCalls.result, () => ({ data: opts.result ?? finishedExam() })),
    fake(examCalls.start, (b) =>
      changed(examCalls.start.path, b, () => {
        exam.status = 'Start';
      }),
    ),
    fake(examCalls.move, (b) =>
      changed(examCalls.move.path, b, () => {
        const it = item(b);
        if (it.action.state === 'NotEncountered') it.action.state = 'NotAnswered';
        exam.cursor = { section_index: b.section_index, question_index: b.question_index };
      }),
    ),
    fake(examCalls.answer, (b) =>
      changed(examCalls.answer.path, b, () => {
        const it = item(b);
        const answer = b.answer as Answer;
        it.action.answer = answer;
        it.action.state = isAnswered(it.question.input_method.kind, answer) ? 'Answered' : 'NotAnswered';
      }),
    ),
    fake(examCalls.flag, (b) =>
      changed(examCalls.flag.path, b, () => {
        item(b).action.flagged = b.flagged;
      }),
    ),
    fake(examCalls.finishSection, (b) =>
      changed(examCalls.finishSection.path, b, () => {
        exam.sections[b.section_index]!.action.finished = true;
        exam.status = exam.sections.every((s) => s.action.finished) ? 'Finished' : 'PartCompleted';
      }),
    ),
    fake(examCalls.heartbeat, () => {
      const over = opts.onHeartbeat?.(exam) ?? {};
      return { data: clockOf(over) };
    }),
  );
  const calls = (path: string) =>
    fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => sentBody(init) as Body);
  return { exam, fetch, calls, staleOnce: (path: string) => stale.add(path), user: () => user };
}
