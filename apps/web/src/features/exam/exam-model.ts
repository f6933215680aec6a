import type { Answer, ExamItem, ExamSection, ExamView, QuestionState } from '@gre/contracts';

/** Where the learner is: a section and a question inside it (0-based, as the contract counts). */
export interface Position {
  section: number;
  question: number;
}

export const itemKey = (section: number, question: number) => `${section}:${question}`;

/** The first section not yet submitted; null when every section is. */
export function openSectionIndex(exam: ExamView): number | null {
  const open = exam.sections.find((s) => !s.action.finished);
  return open ? open.index : null;
}

/** A section's counts for the review and section-end screens. */
export function sectionCounts(section: ExamSection): {
  answered: number;
  unanswered: number;
  marked: number;
  total: number;
} {
  let answered = 0;
  let marked = 0;
  for (const it of section.items) {
    if (it.action.state === 'Answered') answered += 1;
    if (it.action.flagged) marked += 1;
  }
  const total = section.items.length || section.question_count;
  return { answered, unanswered: total - answered, marked, total };
}

/** Question numbers (1-based) of a section's items that match. */
export function numbersWhere(section: ExamSection, test: (item: ExamItem) => boolean): number[] {
  return section.items.flatMap((it, i) => (test(it) ? [i + 1] : []));
}

/** The calculator belongs to Quant sections, and to practice questions of the math category. */
export function hasCalculator(section: ExamSection, item: ExamItem | undefined): boolean {
  if (section.area === 'quant') return true;
  return section.area === 'practice' && item?.question.category === 3;
}

/** Returns a copy of the exam with one item's action changed. */
export function patchItem(
  exam: ExamView,
  at: Position,
  change: (a: ExamItem['action']) => ExamItem['action'],
): ExamView {
  const section = exam.sections[at.section];
  const item = section?.items[at.question];
  if (!section || !item) return exam;
  const items = section.items.slice();
  items[at.question] = { ...item, action: change(item.action) };
  const sections = exam.sections.slice();
  sections[at.section] = { ...section, items };
  return { ...exam, sections };
}

/** Returns a copy of the exam with one item as the server sent it (a checked practice answer). */
export function replaceItem(exam: ExamView, at: Position, item: ExamItem): ExamView {
  const section = exam.sections[at.section];
  if (!section?.items[at.question]) return exam;
  const items = section.items.slice();
  items[at.question] = item;
  const sections = exam.sections.slice();
  sections[at.section] = { ...section, items };
  return { ...exam, sections };
}

/** Spec §4: NotEncountered becomes NotAnswered on visiting, Answered on answering. */
export function stateAfter(state: QuestionState, answered: boolean | null): QuestionState {
  if (answered === true) return 'Answered';
  if (answered === false) return 'NotAnswered';
  return state === 'NotEncountered' ? 'NotAnswered' : state;
}

/** Where a resumed exam opens: the saved cursor, or the start of the open section when the cursor is elsewhere. */
export function resumePosition(exam: ExamView): Position {
  const open = openSectionIndex(exam);
  const { section_index: s, question_index: q } = exam.cursor;
  if (open === null || s === open) return { section: s, question: q };
  return { section: s < open && exam.sections[s] ? s : open, question: s < open ? q : 0 };
}

export const sameAnswer = (a: Answer | null, b: Answer | null) => JSON.stringify(a) === JSON.stringify(b);

/** Answers typed key by key (entry boxes, the essay) wait for a pause before they are saved. */
const TYPED_KINDS: ReadonlySet<string> = new Set(['TextFill', 'Fraction', 'Essay']);
export const isTypedKind = (kind: string) => TYPED_KINDS.has(kind);
