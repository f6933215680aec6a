import {
  contentView,
  questionFileSchema,
  type Answer,
  type ContentPassage,
  type ContentQuestion,
  type InputKind,
  type QuestionView as QuestionData,
} from '@gre/contracts';
import { emptyAnswer } from '../answer-utils';

/** Every shipped bank file (content/bank), parsed by the contracts so defaults are filled as the import fills them. */
const files = import.meta.glob<unknown>('../../../../../../content/bank/**/*.json', { eager: true, import: 'default' });

const passages = new Map<string, ContentPassage>();
const questions: ContentQuestion[] = [];
for (const raw of Object.values(files)) {
  const file = questionFileSchema.parse(raw);
  for (const p of file.passages) passages.set(p.id, p);
  questions.push(...file.questions);
}
// The bank as the big bank shows it first: underground items (the prevent diagnostic's, in bank/diagnostic, which
// sorts first) come last, so "the first question of a kind" stays the same ordinary bank question.
questions.sort((a, b) => Number(a.visibility === 'underground') - Number(b.visibility === 'underground'));

/** A content question as the server sends it to someone allowed to see everything: passage expanded, sentences filled. */
export function toQuestionView(q: ContentQuestion): QuestionData {
  return contentView(q, q.passage_id ? (passages.get(q.passage_id) ?? null) : null);
}

/** A real bank question by id. */
export function bankQuestion(id: string): QuestionData {
  const q = questions.find((x) => x.id === id);
  if (!q) throw new Error(`no question ${id} in content/bank`);
  return toQuestionView(q);
}

/** The first bank question matching a test, e.g. an input kind with a figure. */
export function findBankQuestion(test: (q: ContentQuestion) => boolean): QuestionData {
  const q = questions.find(test);
  if (!q) throw new Error('no bank question matches');
  return toQuestionView(q);
}

/** The first bank question of an input kind. */
export function bankQuestionOfKind(kind: InputKind): QuestionData {
  return findBankQuestion((q) => q.input_method.kind === kind);
}

/** The same question as a viewer who may not see the answer or the explanation receives it. */
export function withheld(q: QuestionData): QuestionData {
  return { ...q, standard_answer: null, analysis: null };
}

/** An answer with some fields set. */
export function answerWith(over: Partial<Answer>): Answer {
  return { ...emptyAnswer(), ...over };
}

/** A wrong key of a one-answer group (for review tests). */
export function wrongKey(q: QuestionData, group = 0): string {
  const right = q.standard_answer?.selects[group];
  const k = q.input_method.option_groups[group]?.options.find((o) => o.key !== right)?.key;
  if (!k) throw new Error('no wrong option');
  return k;
}
