import type { Answer, DictionaryEntry, QuestionView } from '@gre/contracts';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { stemPreview } from '../../lib/question-view.js';
import { answersHeldFor, CATEGORY_CONFIG, getQuestions, wordIndex } from '../questions/index.js';
import { ownCraft, sameKindQuestions } from './assistant.repository.js';

/** Why something stayed out of a grounding; each has the sentence the learner reads. */
export const WITHHELD = {
  exam_running: '考试进行中，交卷后才能讨论这道题的答案和解析',
  answers_hidden: '这道题的标准答案和解析你目前不能查看',
} as const;
export type WithheldReason = keyof typeof WITHHELD;

export interface GroundedQuestion {
  id: string;
  kind: string;
  /** The kind's Chinese name from the category config. */
  kindName: string;
  category: number;
  stem: string;
  options: { key: string; text: string }[];
  passage: string | null;
}

/**
 * Everything that may enter an answer for this learner now (decision 030): the question as the bank shows it to them,
 * its answer and analysis only when the bank would show them, the learner's own last wrong answer and note, the
 * dictionary senses asked for and same-kind questions they may open. Whatever stays out is named in `withheld`.
 */
export interface Grounding {
  question: GroundedQuestion | null;
  standardAnswer: string | null;
  analysis: { text: string; keyWords: string[] } | null;
  yourAnswer: string | null;
  yourNote: string | null;
  words: DictionaryEntry[];
  similar: { id: string; preview: string }[];
  withheld: WithheldReason[];
}

type GroundingDeps = Pick<Deps, 'database' | 'clock' | 'settings' | 'uow'>;

const SIMILAR_MAX = 5;

export const EMPTY_GROUNDING: Grounding = {
  question: null,
  standardAnswer: null,
  analysis: null,
  yourAnswer: null,
  yourNote: null,
  words: [],
  similar: [],
  withheld: [],
};

/** An answer as keys and text: 'C', 'B, E', '3/4'; empty when nothing was chosen. */
export function answerText(a: Partial<Answer> | null | undefined): string {
  if (!a) return '';
  const parts = [...(a.selects ?? []), ...(a.multi_selects ?? [])];
  if (a.text) parts.push(a.text2 ? `${a.text}/${a.text2}` : a.text);
  return parts.join(', ');
}

export function kindNameOf(category: number, kind: string): string {
  const c = CATEGORY_CONFIG.categories.find((x) => x.id === category);
  return c?.kinds.find((k) => k.id === kind)?.name ?? kind;
}

function groundedQuestion(v: QuestionView): GroundedQuestion {
  const options = v.input_method.option_groups.flatMap((g) => g.options.map((o) => ({ key: o.key, text: o.text })));
  return {
    id: v.id,
    kind: v.kind,
    kindName: kindNameOf(v.category, v.kind),
    category: v.category,
    stem: v.inquiry.replace(/\{\{\d\}\}/g, '____'),
    options,
    passage: v.passage?.text ?? null,
  };
}

/** The learner's note fields, joined; empty parts left out. */
function noteText(note: unknown): string | null {
  const input = (note as { text_input?: Record<string, unknown> } | null)?.text_input;
  if (!input) return null;
  const text = Object.values(input)
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join('\n');
  return text || null;
}

/** Dictionary entries of the words asked about (the words module's ECDICT look-up). */
export async function dictionaryFor(words: readonly string[]): Promise<DictionaryEntry[]> {
  if (words.length === 0) return [];
  const index = await wordIndex();
  return words.flatMap((w) => index.lookup(w).entries.slice(0, 2));
}

/**
 * The grounding of a question for this learner now. The question comes through the bank's own `getQuestions` (its
 * access rules refuse a question the learner may not open, exactly as the bank does; its answers arrive only when
 * the bank would show them, and never while a running exam of theirs holds the question).
 */
export async function groundQuestion(
  deps: GroundingDeps,
  actor: Actor,
  questionId: string,
  words: readonly string[] = [],
): Promise<Grounding> {
  const [view] = (await getQuestions(deps, actor, { ids: [questionId] })).questions;
  if (!view) return { ...EMPTY_GROUNDING, words: await dictionaryFor(words) };
  const withheld: WithheldReason[] = [];
  if (view.answers_held) withheld.push('exam_running');
  else if (!view.standard_answer || !view.analysis) withheld.push('answers_hidden');
  const open = withheld.length === 0;
  const craft = open ? await ownCraft(deps.database.db, actor.user.id, questionId) : null;
  const [similar, dictionary] = await Promise.all([similarTo(deps, actor, view), dictionaryFor(words)]);
  return {
    question: groundedQuestion(view),
    standardAnswer: open && view.standard_answer ? answerText(view.standard_answer) || null : null,
    analysis: open && view.analysis ? { text: view.analysis.text, keyWords: view.analysis.key_words } : null,
    yourAnswer: answerText((craft?.wrong as { answer?: Answer } | null)?.answer) || null,
    yourNote: noteText(craft?.note),
    words: dictionary,
    similar,
    withheld,
  };
}

/** Same-kind questions this learner may open, none of them held by a running exam of theirs. */
async function similarTo(deps: GroundingDeps, actor: Actor, view: QuestionView): Promise<Grounding['similar']> {
  const rows = await sameKindQuestions(deps.database.db, {
    kind: view.kind,
    excludeId: view.id,
    visibilities: visibleVisibilities(actor),
    limit: SIMILAR_MAX * 3,
  });
  const held = await answersHeldFor(
    deps,
    actor.user.id,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => !held.has(r.id))
    .slice(0, SIMILAR_MAX)
    .map((r) => ({ id: r.id, preview: stemPreview(r.inquiry) }));
}
