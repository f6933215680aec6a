import {
  MOCK_SECTIONS,
  quotaSubject,
  SIMULATE_AREAS,
  type BookKind,
  type ExamFilter,
  type ExamKind,
  type ExamTiming,
  type PAGE_SOURCES,
  type PersonalScope,
  type QuotaSubject,
  type SectionArea,
  type SimulateKind,
  type CreateOption,
} from '@gre/contracts';
import type { QuotaNeed } from '../../lib/quota.js';
import { CATEGORY_CONFIG } from '../questions/index.js';
import { sectionLimit } from './clock.js';

/** What an exam is made of before it is written: pure data, so the rules of each source are testable without a database. */
export interface PlanItem {
  questionId: string;
  inputKind: string;
  category: number;
}

export interface SectionPlan {
  name: string;
  area: SectionArea;
  /** 1 or 2 in an adaptive area, else 0. */
  part: number;
  /** The mock section it draws from; '' for practice. */
  bookSection: string;
  timeLimit: number;
  questionCount: number;
  /** Empty for a section 2 until section 1 picks its level. */
  items: PlanItem[];
}

export type PageSource = (typeof PAGE_SOURCES)[number];

export interface ExamPlan {
  name: string;
  kind: ExamKind;
  source: PageSource;
  templateId: string | null;
  createOption: CreateOption;
  isAutoCommit: boolean;
  sections: SectionPlan[];
}

export interface ClockMode {
  scale: number;
  countUp: boolean;
}

/** Chinese section names (data the client shows as given). */
export function sectionName(area: SectionArea, part: number): string {
  if (area === 'issue') return '分析性写作 Issue';
  if (area === 'practice') return '练习';
  return `${area === 'verbal' ? 'Verbal' : 'Quant'} 第 ${part} 部分`;
}

export const SIMULATE_KIND_NAMES: Record<SimulateKind, string> = {
  full: '完整模考',
  full_no_issue: '模考（不含写作）',
  verbal: '语文模考',
  quant: '数学模考',
  issue: '写作模考',
};

/** The page a book's exam was started from (spec §2 page sources). */
export function pageSourceOf(kind: BookKind): PageSource {
  switch (kind) {
    case 'season':
      return 'Season';
    case 'higher':
      return 'Higher';
    case 'archived_pick':
      return 'ArchivedPick';
    case 'archived_six_two':
      return 'ArchivedSixTwo';
    case 'mock':
      return 'Simulate';
    default:
      return 'Exercise';
  }
}

/** A plain book or a filter draw: one practice section, every question in order, 90 s each when timed. */
export function practiceSection(items: PlanItem[], timing: ExamTiming, mode: ClockMode): SectionPlan {
  return {
    name: sectionName('practice', 0),
    area: 'practice',
    part: 0,
    bookSection: '',
    timeLimit: sectionLimit(timing.practicePerQuestion * items.length, mode.scale, mode.countUp),
    questionCount: items.length,
    items,
  };
}

/** The writing section that opens the test: the Issue prompt(s), 30 minutes when timed. */
export function issueSection(items: PlanItem[], timing: ExamTiming, mode: ClockMode): SectionPlan {
  return {
    name: sectionName('issue', 0),
    area: 'issue',
    part: 0,
    bookSection: 'issue',
    timeLimit: sectionLimit(timing.issue, mode.scale, mode.countUp),
    questionCount: items.length,
    items,
  };
}

/**
 * A simulation's sections (product.md, the shorter GRE): the Issue first, then Verbal and Quant in either order
 * (`verbalFirst`), each as section 1 from the mock's 'v1'/'q1' and a section 2 left empty until section 1 is scored.
 * `mock` holds the mock's questions by section name.
 */
export function simulateSections(
  kind: SimulateKind,
  mock: ReadonlyMap<string, PlanItem[]>,
  timing: ExamTiming,
  mode: ClockMode,
  verbalFirst: boolean,
): SectionPlan[] {
  const areas = [...SIMULATE_AREAS[kind]];
  const adaptive = areas.filter((a) => a !== 'issue');
  if (adaptive.length === 2 && !verbalFirst) adaptive.reverse();
  const sections: SectionPlan[] = [];
  if (areas.includes('issue')) sections.push(issueSection(mock.get('issue') ?? [], timing, mode));
  for (const area of adaptive) {
    const letter = area === 'verbal' ? 'v' : 'q';
    const items = mock.get(`${letter}1`) ?? [];
    sections.push({
      name: sectionName(area, 1),
      area,
      part: 1,
      bookSection: `${letter}1`,
      timeLimit: sectionLimit(timing[`${area}1`], mode.scale, mode.countUp),
      questionCount: items.length,
      items,
    });
    sections.push({
      name: sectionName(area, 2),
      area,
      part: 2,
      bookSection: '',
      timeLimit: sectionLimit(timing[`${area}2`], mode.scale, mode.countUp),
      questionCount: MOCK_SECTIONS[`${letter}2-medium`],
      items: [],
    });
  }
  return sections;
}

/** The mock sections a simulate kind reads at creation. */
export function mockSectionsFor(kind: SimulateKind): string[] {
  return SIMULATE_AREAS[kind].map((a) => (a === 'issue' ? 'issue' : `${a === 'verbal' ? 'v' : 'q'}1`));
}

/**
 * How many questions of each daily subject an exam hands out. A section 2 counts at creation with its full size,
 * since it will be shown whichever level it gets; essays count only as judgings, never here.
 */
export function quotaNeed(sections: SectionPlan[], simulate: boolean): QuotaNeed {
  const questions: Partial<Record<QuotaSubject, number>> = {};
  const add = (s: QuotaSubject | null, n: number) => {
    if (s) questions[s] = (questions[s] ?? 0) + n;
  };
  for (const section of sections) {
    if (section.items.length === 0 && section.part === 2)
      add(section.area === 'verbal' ? 'verbal' : 'quant', section.questionCount);
    for (const item of section.items) add(quotaSubject(item.category), 1);
  }
  return { questions, simulate };
}

const MATH_KIND_LABELS = { any: null, comparison: '数量比较', solving: '问题求解' } as const;

/** An exam's name from what it was drawn by: the title, then the Chinese names of the conditions set. */
function conditionLabel(
  title: string,
  filter: Pick<ExamFilter, 'category' | 'kind' | 'difficulty' | 'topic' | 'tag'>,
  mathKind: keyof typeof MATH_KIND_LABELS = 'any',
): string {
  const category = CATEGORY_CONFIG.categories.find((c) => c.id === filter.category);
  const kind = CATEGORY_CONFIG.categories.flatMap((c) => c.kinds).find((k) => k.id === filter.kind);
  const topic = CATEGORY_CONFIG.categories.flatMap((c) => c.subs).find((s) => s.id === filter.topic);
  const difficulty = CATEGORY_CONFIG.difficulties.find((d) => d.id === filter.difficulty);
  const parts = [
    category?.name,
    kind?.name,
    MATH_KIND_LABELS[mathKind],
    topic?.name,
    difficulty?.name,
    filter.tag ? `#${filter.tag}` : undefined,
  ];
  return [title, ...parts.filter((p): p is string => !!p)].join(' · ');
}

/** The name of a filter exam, from its conditions: '大题库练习 · 填空 · 困难'. */
export function filterLabel(filter: ExamFilter, mathKind: keyof typeof MATH_KIND_LABELS): string {
  return conditionLabel('大题库练习', filter, mathKind);
}

/** Practice from the personal pages (issue 5): the pages, re-reviews due today, essays written before. */
export type PersonalSource = PersonalScope | 'due' | 'essay';

const PERSONAL_TITLES: Record<PersonalSource, string> = {
  collect: '收藏练习',
  wrongs: '错题练习',
  note: '笔记练习',
  higher_collect: '高阶收藏练习',
  higher_wrongs: '高阶错题练习',
  higher_note: '高阶笔记练习',
  card: '闪卡练习',
  due: '错题复习',
  essay: '写作练习',
};

/** The page a personal practice is recorded as coming from (spec §2 page sources). */
export function personalPageSource(scope: PersonalSource): PageSource {
  if (scope.startsWith('higher_')) return 'Higher';
  switch (scope) {
    case 'collect':
      return 'Collect';
    case 'note':
      return 'Note';
    case 'card':
      return 'Flash';
    case 'essay':
      return 'Exercise';
    default:
      return 'Wrongs';
  }
}

export function personalLabel(
  scope: PersonalSource,
  filter: Pick<ExamFilter, 'category' | 'kind' | 'difficulty'>,
): string {
  return conditionLabel(PERSONAL_TITLES[scope], filter);
}

/** One practice section; essays get the Issue's time each instead of a practice question's. */
export function personalSection(
  scope: PersonalSource,
  items: PlanItem[],
  timing: ExamTiming,
  mode: ClockMode,
): SectionPlan {
  const section = practiceSection(items, timing, mode);
  return scope === 'essay'
    ? { ...section, timeLimit: sectionLimit(timing.issue * items.length, mode.scale, mode.countUp) }
    : section;
}
