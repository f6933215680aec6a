import { ALL_QUESTION_KINDS, MASTERY_MAX, type PersonalScope } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { zh } from '../../i18n/zh-CN';
import type { BankNames } from '../questions';
import { PERSONAL_PAGE_SIZE, tagsQuery, type CraftListRequest } from './personal-queries';

const f = zh.personal.filters;

export const TIME_WINDOWS = { week: 7, month: 30, all: 0 } as const;
export type TimeWindow = keyof typeof TIME_WINDOWS;

/** What the URL holds for a personal page: its filters and page, so reload and back keep them. */
export interface PersonalParams {
  category: 0 | 1 | 2 | 3 | 4 | 5;
  kind?: string;
  tag?: number;
  time: TimeWindow;
  mastery?: number;
  page: number;
}

const intIn = (raw: string | null, min: number, max: number): number | undefined => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
};

/** Reads a personal page's params; anything unknown or out of range is dropped. */
export function readParams(params: URLSearchParams): PersonalParams {
  const kind = params.get('kind') ?? undefined;
  const time = params.get('time');
  return {
    category: (intIn(params.get('category'), 0, 5) ?? 0) as PersonalParams['category'],
    kind: kind && ALL_QUESTION_KINDS.includes(kind) ? kind : undefined,
    tag: intIn(params.get('tag'), 1, 999_999),
    time: time === 'week' || time === 'month' ? time : 'all',
    mastery: intIn(params.get('mastery'), 0, MASTERY_MAX),
    page: intIn(params.get('page'), 1, 10_000) ?? 1,
  };
}

export function writeParams(p: PersonalParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (p.category) out.category = String(p.category);
  if (p.kind) out.kind = p.kind;
  if (p.tag) out.tag = String(p.tag);
  if (p.time !== 'all') out.time = p.time;
  if (p.mastery !== undefined) out.mastery = String(p.mastery);
  if (p.page > 1) out.page = String(p.page);
  return out;
}

const HOUR = 3600;

/**
 * The craft/list request of a page. "Last N days" starts on the hour, so the query key holds still between renders
 * while the window still moves forward through the day.
 */
export function listRequest(scope: PersonalScope, p: PersonalParams, nowSeconds: number): CraftListRequest {
  const days = TIME_WINDOWS[p.time];
  return {
    scope,
    category: p.category,
    ...(p.kind ? { kind: p.kind } : {}),
    ...(p.tag ? { tag_id: p.tag } : {}),
    ...(days ? { since: Math.floor(nowSeconds / HOUR) * HOUR - days * 86_400 } : {}),
    ...(p.mastery !== undefined ? { max_mastery: p.mastery } : {}),
    page: p.page,
    page_size: PERSONAL_PAGE_SIZE,
  };
}

export const isFiltered = (p: PersonalParams) =>
  p.category !== 0 || p.kind !== undefined || p.tag !== undefined || p.time !== 'all' || p.mastery !== undefined;

/** 科目 / 题型 / 标签 / 时间 / 掌握程度; changing any filter goes back to page 1. */
export function PersonalFilters({
  scope,
  params,
  names,
  onChange,
}: {
  scope: PersonalScope;
  params: PersonalParams;
  names: BankNames;
  onChange: (p: PersonalParams) => void;
}) {
  const withTags = scope === 'collect' || scope === 'higher_collect';
  const { data: tags } = useQuery({ ...tagsQuery, enabled: withTags });
  const set = (patch: Partial<PersonalParams>) => onChange({ ...params, ...patch, page: 1 });
  const categories = names.config?.categories.filter((c) => c.key !== 'word') ?? [];
  const kinds = categories.filter((c) => !params.category || c.id === params.category).flatMap((c) => c.kinds);
  return (
    <div className="gp-filters">
      <Select
        aria-label={f.category}
        value={params.category}
        onChange={(category) => set({ category, kind: undefined })}
        options={[
          { value: 0, label: f.allCategories },
          ...categories.map((c) => ({ value: c.id as PersonalParams['category'], label: c.name })),
        ]}
      />
      <Select
        aria-label={f.kind}
        value={params.kind ?? ''}
        onChange={(k) => set({ kind: k || undefined })}
        options={[{ value: '', label: f.allKinds }, ...kinds.map((k) => ({ value: k.id, label: k.name }))]}
        popupMatchSelectWidth={false}
      />
      {withTags && (
        <Select
          aria-label={f.tag}
          value={params.tag ?? 0}
          onChange={(tag) => set({ tag: tag || undefined })}
          options={[
            { value: 0, label: f.allTags },
            ...(tags?.collects ?? []).map((t) => ({ value: t.id, label: t.name })),
          ]}
          popupMatchSelectWidth={false}
        />
      )}
      <Select
        aria-label={f.time}
        value={params.time}
        onChange={(time) => set({ time })}
        options={(Object.keys(TIME_WINDOWS) as TimeWindow[]).map((w) => ({ value: w, label: f.times[w] }))}
      />
      <Select
        aria-label={f.mastery}
        value={params.mastery ?? -1}
        onChange={(m) => set({ mastery: m < 0 ? undefined : m })}
        options={[
          { value: -1, label: `${f.mastery}：${f.anyMastery}` },
          ...Array.from({ length: MASTERY_MAX + 1 }, (_, i) => ({ value: i, label: f.masteryAtMost(i) })),
        ]}
        popupMatchSelectWidth={false}
      />
    </div>
  );
}
