import { examCalls, isAnswered, questionCalls, userCalls, wordCalls, type Answer, type ExamClock, type ExamView, type WordLookup } from '@gre/contracts';
import { setToken } from '../../../api/storage';
import { fakeServer, makeUser } from '../../../test-utils';
import { finishedExam } from './exam-fixture';

type Body = Record<string, unknown> & { revision?: number; section_index?: number; question_index?: number };
type Reply = { status?: number; data?: unknown; kind?: string };

export const CATEGORY_CONFIG = {
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
  return { query: word, headword: word.toLowerCase(), form_of: null, phonetic: 'fɪkstʃə', translation: ['n. 测试释义'], definition: [], forms: [], gre: false, question_id: null };
}

/**
 * An exam server for component tests that keeps the rules the page relies on: the revision (a change with another
 * is stale), the cursor and question states, flags, submitted sections and the section clock.
 */
export function examServer(initial: ExamView, opts: { onHeartbeat?: (exam: ExamView) => Partial<ExamClock> | void; result?: ExamView } = {}) {
  const exam: ExamView = structuredClone(initial);
  const open = () => exam.sections.find((s) => !s.action.finished)?.index ?? 0;
  const clockOf = (over: Partial<ExamClock> = {}): ExamClock => {
    const s = exam.sections[open()]!;
    const limit = s.time_limit_seconds;
    const used = s.action.used_time_seconds;
    return { section_index: s.index, used_time_seconds: used, remaining_seconds: limit > 0 ? Math.max(0, limit - used) : null, auto_committed: false, ...over };
  };
  const stale = new Set<string>();
  const changed = (path: string, body: Body, apply: () => void): Reply => {
    if (stale.delete(path)) {
      exam.revision += 1;
      return { status: 409, kind: 'stale_revision' };
    }
    if (body.revision !== exam.revision) return { status: 409, kind: 'stale_revision' };
    apply();
    exam.revision += 1;
    return { data: { revision: exam.revision, status: exam.status, clock: clockOf() } };
  };
  const item = (b: Body) => exam.sections[b.section_index!]!.items[b.question_index!]!;
  setToken('t'.repeat(43));
  const fetch = fakeServer({
    [userCalls.get.path]: () => ({ data: makeUser() }),
    [questionCalls.categoryConfig.path]: () => ({ data: CATEGORY_CONFIG }),
    // Click-a-word in the result review: no word books yet; every word has an entry of its own.
    [wordCalls.getAll.path]: () => ({ data: { books: [] } }),
    [questionCalls.wordLookup.path]: (b) => ({ data: wordEntry(String((b as { word: string }).word)) }),
    [examCalls.get.path]: () => ({ data: structuredClone(exam) }),
    [examCalls.result.path]: () => ({ data: opts.result ?? finishedExam() }),
    [examCalls.start.path]: (b) =>
      changed(examCalls.start.path, b as Body, () => {
        exam.status = 'Start';
      }),
    [examCalls.move.path]: (b) =>
      changed(examCalls.move.path, b as Body, () => {
        const it = item(b as Body);
        if (it.action.state === 'NotEncountered') it.action.state = 'NotAnswered';
        exam.cursor = { section_index: (b as Body).section_index!, question_index: (b as Body).question_index! };
      }),
    [examCalls.answer.path]: (b) =>
      changed(examCalls.answer.path, b as Body, () => {
        const it = item(b as Body);
        const answer = (b as Body).answer as Answer;
        it.action.answer = answer;
        it.action.state = isAnswered(it.question.input_method.kind, answer) ? 'Answered' : 'NotAnswered';
      }),
    [examCalls.flag.path]: (b) =>
      changed(examCalls.flag.path, b as Body, () => {
        item(b as Body).action.flagged = (b as Body).flagged as boolean;
      }),
    [examCalls.finishSection.path]: (b) =>
      changed(examCalls.finishSection.path, b as Body, () => {
        exam.sections[(b as Body).section_index!]!.action.finished = true;
        exam.status = exam.sections.every((s) => s.action.finished) ? 'Finished' : 'PartCompleted';
      }),
    [examCalls.heartbeat.path]: () => {
      const over = opts.onHeartbeat?.(exam) ?? {};
      return { data: clockOf(over) };
    },
  });
  const calls = (path: string) => fetch.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init.body)) as Body);
  return { exam, fetch, calls, staleOnce: (path: string) => stale.add(path) };
}
