import type { CallResponse, craftCalls } from '@gre/contracts';
import type { Actor } from '../../lib/authorize.js';
import type { Deps } from '../../lib/deps.js';
import { CATEGORY_CONFIG } from '../questions/index.js';
import { treeRows, type TreeRow } from './crafts.repository.js';

type Tree = CallResponse<typeof craftCalls.reviewTree>;
type KindNode = Tree['categories'][number]['kinds'][number];

/** Reason ids of the library → their names, per category (ids are stable; crafts store them). */
const REASON_NAMES = new Map(
  CATEGORY_CONFIG.categories.map((c) => [c.id, new Map(c.reasons.map((r) => [r.id, r.name]))]),
);
/** Kinds in the order the category config lists them. */
const KIND_ORDER = new Map(CATEGORY_CONFIG.categories.flatMap((c) => c.kinds.map((k, i) => [k.id, i] as const)));

/** The reasons a craft names: checked reasons and the review's reasons from the library, each once. */
export function reasonsOf(row: Pick<TreeRow, 'category' | 'note'>): Set<string> {
  const names = new Set<string>();
  for (const r of row.note?.reasons ?? []) if (r.checked) names.add(r.name);
  const lib = REASON_NAMES.get(row.category);
  for (const r of row.note?.review?.reasons ?? []) {
    const name = lib?.get(r.reason_id);
    if (name) names.add(name);
  }
  return names;
}

/** Builds category → kind → reason counts from the rows. */
export function buildTree(rows: TreeRow[]): Tree {
  type KindCount = KindNode & { counts: Map<string, number> };
  const cats = new Map<number, { wrong: number; noted: number; kinds: Map<string, KindCount> }>();
  for (const row of rows) {
    const cat = cats.get(row.category) ?? { wrong: 0, noted: 0, kinds: new Map<string, KindCount>() };
    cats.set(row.category, cat);
    const kind = cat.kinds.get(row.kind) ?? {
      kind: row.kind,
      wrong: 0,
      noted: 0,
      reasons: [],
      counts: new Map<string, number>(),
    };
    cat.kinds.set(row.kind, kind);
    const w = row.wrong ? 1 : 0;
    const n = row.noted ? 1 : 0;
    cat.wrong += w;
    cat.noted += n;
    kind.wrong += w;
    kind.noted += n;
    for (const name of reasonsOf(row)) kind.counts.set(name, (kind.counts.get(name) ?? 0) + 1);
  }
  return {
    categories: [...cats]
      .sort(([a], [b]) => a - b)
      .map(([category, c]) => ({
        category,
        wrong: c.wrong,
        noted: c.noted,
        kinds: [...c.kinds.values()]
          .sort(
            (a, b) => (KIND_ORDER.get(a.kind) ?? 99) - (KIND_ORDER.get(b.kind) ?? 99) || a.kind.localeCompare(b.kind),
          )
          .map(({ counts, ...k }) => ({
            ...k,
            reasons: [...counts]
              .map(([reason, count]) => ({ reason, count }))
              .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
          })),
      })),
  };
}

/** /api/review/get_tree: wrong and noted counts by category → kind → reason. */
export async function reviewTree(deps: Pick<Deps, 'database'>, actor: Actor): Promise<Tree> {
  return buildTree(await treeRows(deps.database.db, actor.user.id));
}
