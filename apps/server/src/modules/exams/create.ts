import { type BookKind, type CreateOption, type examCalls } from '@gre/contracts';
import { AppError } from '../../lib/app-error.js';
import { visibleVisibilities, type Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { checkCanStart, quotaFor, type OpenTarget } from '../../lib/quota.js';
import { withUnitOfWork } from '../../lib/unit-of-work.js';
import { findBookTemplate, loadBook, type BookTemplateRow } from '../books/index.js';
import { drawPersonal } from '../crafts/index.js';
import { decideAccess, decideBook, type Refusal, type Visibility } from '../../lib/access.js';
import { refusalError } from '../../lib/refusals.js';
import { examTiming } from './clock.js';
import type { CallBody } from './exams.service.js';
import { decideMock } from './mock-access.js';
import { bookQuestions, drawQuestions, insertExam, linkUserBook } from './exams.repository.js';
import { dueBefore } from '../../lib/fsrs.js';
import { reviewAllowance } from '../summary/index.js';
import {
  filterLabel,
  issueSection,
  mockSectionsFor,
  pageSourceOf,
  personalLabel,
  personalPageSource,
  personalSection,
  practiceSection,
  quotaNeed,
  simulateSections,
  SIMULATE_KIND_NAMES,
  type ClockMode,
  type ExamPlan,
  type PlanItem,
} from './plan.js';

type CreateBody = CallBody<typeof examCalls.create>;
type Body<S extends CreateBody['source']> = Extract<CreateBody, { source: S }>;
type CreateDeps = Pick<Deps, 'database' | 'settings' | 'env' | 'clock' | 'uow'>;

const baseOption = (o: Partial<CreateOption> & Pick<CreateOption, 'kind' | 'enable_count_up'>): CreateOption => ({
  version: '',
  include_done: false,
  with_issue: false,
  pick_first: false,
  math_create_kind: 'any',
  select_kind: null,
  ...o,
});

/**
 * A book exam is named by the book's title ('填空精选 · 基础 1'): the subtitle describes the book on its card and,
 * joined on, ran into the title in exam headers and the record.
 */
const bookTitle = (row: BookTemplateRow) => row.title;

/** A plain book: every question the learner may see, in book order, as one practice section. */
export async function planBook(
  deps: CreateDeps,
  actor: Actor,
  body: Body<'book'>,
  mode: ClockMode,
  now: Date,
): Promise<ExamPlan> {
  const { row, gate } = await loadBook(deps, actor, body.book_id);
  // Mocks are taken only as simulations, behind their own quota; as a practice book they would skip it.
  if (row.kind === 'mock') throw refusalError({ kind: 'not_found' }, 'book');
  const opened = decideBook(actor, gate, now);
  if (!opened.open) throw refusalError(opened.refusal, 'book');
  const all = await bookQuestions(deps.database.db, row.id);
  const refused: Refusal[] = [];
  const items = all.filter((q) => {
    const d = decideAccess(actor, q.visibility as Visibility, gate, now);
    if (!d.see) refused.push(d.refusal);
    return d.see;
  });
  if (items.length === 0) {
    if (refused.some((r) => r.kind === 'public_only')) throw refusalError({ kind: 'public_only' }, 'book');
    throw new AppError('not_found', 'the book has no question this learner may practise', '这本题本中没有可练习的题目');
  }
  const timing = examTiming(await deps.settings.override('exam_timing'));
  return {
    name: bookTitle(row),
    kind: 'book',
    source: pageSourceOf(row.kind as BookKind),
    templateId: row.id,
    createOption: baseOption({ kind: 'book', version: row.id, enable_count_up: body.enable_count_up }),
    isAutoCommit: body.is_auto_commit,
    sections: [practiceSection(items, timing, mode)],
  };
}

/** A big-bank draw: only questions this learner may see outside books. */
async function planFilter(deps: CreateDeps, actor: Actor, body: Body<'filter'>, mode: ClockMode): Promise<ExamPlan> {
  const visibilities = visibleVisibilities(actor);
  const draw = { userId: actor.user.id, visibilities, includeDone: body.include_done, pickFirst: body.pick_first };
  const items = await drawQuestions(deps.database.db, {
    ...draw,
    ...body.filter,
    mathCreateKind: body.math_create_kind,
    count: body.count,
  });
  if (items.length === 0) throw new AppError('not_found', 'no question matches the filter', '没有符合条件的题目');
  const withIssue = body.with_issue && body.filter.category !== 4;
  const prompt = withIssue
    ? await drawQuestions(deps.database.db, { ...draw, category: 4, mathCreateKind: 'any', count: 1 })
    : [];
  if (withIssue && prompt.length === 0)
    throw new AppError('not_found', 'no Issue prompt left to draw', '没有可用的写作题目');
  const timing = examTiming(await deps.settings.override('exam_timing'));
  return {
    name: filterLabel(body.filter, body.math_create_kind),
    kind: 'filter',
    source: 'Exercise',
    templateId: null,
    createOption: baseOption({
      kind: 'filter',
      include_done: body.include_done,
      pick_first: body.pick_first,
      math_create_kind: body.math_create_kind,
      with_issue: withIssue,
      enable_count_up: body.enable_count_up,
    }),
    isAutoCommit: body.is_auto_commit,
    sections: [...(withIssue ? [issueSection(prompt, timing, mode)] : []), practiceSection(items, timing, mode)],
  };
}

/**
 * Practice from the personal pages: the learner's own crafts by scope and filter, of questions they may see outside
 * books. Due re-reviews never exceed what today's cap leaves.
 */
async function planPersonal(
  deps: CreateDeps,
  actor: Actor,
  body: Body<'personal'>,
  mode: ClockMode,
  now: Date,
): Promise<ExamPlan> {
  let count = body.count;
  if (body.scope === 'due') {
    const { left } = await reviewAllowance(deps, actor, now);
    if (left === 0)
      throw new AppError('conflict', 'the daily re-review cap is reached', '今天的复习已达上限，明天再来吧');
    count = Math.min(count, left);
  }
  const items = await drawPersonal(deps, {
    userId: actor.user.id,
    scope: body.scope,
    filter: body.filter,
    visibilities: visibleVisibilities(actor),
    dueBy: dueBefore(now),
    count,
  });
  if (items.length === 0)
    throw new AppError('not_found', `no question in the personal scope ${body.scope}`, '没有符合条件的题目');
  const timing = examTiming(await deps.settings.override('exam_timing'));
  return {
    name: personalLabel(body.scope, body.filter),
    kind: 'personal',
    source: personalPageSource(body.scope),
    templateId: null,
    createOption: baseOption({ kind: 'personal', enable_count_up: body.enable_count_up }),
    isAutoCommit: body.is_auto_commit,
    sections: [personalSection(body.scope, items, timing, mode)],
  };
}

/** A simulation of a mock: its access (decideMock), then its sections by simulate kind. */
async function planSimulate(
  deps: CreateDeps,
  actor: Actor,
  body: Body<'simulate'>,
  mode: ClockMode,
  now: Date,
): Promise<ExamPlan> {
  const row = await findBookTemplate(deps, body.version);
  if (!row) throw refusalError({ kind: 'not_found' }, 'mock');
  const opened = decideMock(actor, row, now);
  if (!opened.open) throw refusalError(opened.refusal, 'mock');
  const rows = await bookQuestions(deps.database.db, row.id, mockSectionsFor(body.select_kind));
  const bySection = new Map<string, PlanItem[]>();
  for (const r of rows) bySection.set(r.section, [...(bySection.get(r.section) ?? []), r]);
  const timing = examTiming(await deps.settings.override('exam_timing'));
  const sections = simulateSections(body.select_kind, bySection, timing, mode, Math.random() < 0.5);
  if (sections.some((s) => s.part !== 2 && s.items.length === 0))
    throw new AppError('not_found', `mock ${row.id} lacks a section`, '这套模考缺少题目');
  return {
    name: `${row.title} · ${SIMULATE_KIND_NAMES[body.select_kind]}`,
    kind: 'simulate',
    source: 'Simulate',
    templateId: row.id,
    createOption: baseOption({
      kind: 'simulate',
      version: row.id,
      with_issue: body.select_kind === 'full',
      enable_count_up: body.enable_count_up,
      select_kind: body.select_kind,
    }),
    isAutoCommit: body.is_auto_commit,
    sections,
  };
}

/**
 * Creates an exam from a book, a big-bank filter, the personal pages or a mock. The plan is read first; then one
 * transaction checks that it can be started (a simulation left, room for the first question — a mock: for all of
 * them), writes the exam and links the learner's copy of the book. Creating takes nothing from the quota: questions
 * count when they are opened, a simulation when the mock starts (product.md).
 */
export async function createExam(
  deps: CreateDeps,
  actor: Actor,
  body: CreateBody,
  now = deps.clock.now(),
): Promise<{ id: number }> {
  const mode: ClockMode = { scale: deps.env.EXAM_TIME_SCALE, countUp: body.enable_count_up };
  const plan =
    body.source === 'book'
      ? await planBook(deps, actor, body, mode, now)
      : body.source === 'filter'
        ? await planFilter(deps, actor, body, mode)
        : body.source === 'personal'
          ? await planPersonal(deps, actor, body, mode, now)
          : await planSimulate(deps, actor, body, mode, now);
  const first = plan.sections[0]?.items[0];
  return { id: await createFromPlan(deps, actor, plan, first ?? null, now) };
}

/** Writes a planned exam once it can be started from `first` (the question it opens first). */
export async function createFromPlan(
  deps: CreateDeps,
  actor: Actor,
  plan: ExamPlan,
  first: OpenTarget | null,
  now: Date,
): Promise<number> {
  const quota = quotaFor(actor, await deps.settings.override('quotas'));
  const need = quotaNeed(plan.sections, plan.kind === 'simulate');
  return withUnitOfWork(deps, async ({ tx }) => {
    await checkCanStart(tx, actor, quota, need, first, now);
    const examId = await insertExam(tx, actor.user.id, plan);
    if (plan.templateId) await linkUserBook(tx, actor.user.id, plan.templateId, examId);
    return examId;
  });
}
