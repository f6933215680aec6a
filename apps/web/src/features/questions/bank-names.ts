import type { CategoryConfig } from '@gre/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { zh } from '../../i18n/zh-CN.study';
import { categoryConfigQuery } from './question-queries';

const b = zh.bank;

/** Function properties, not methods: pages hand `names.kind` and the like to components as plain callbacks. */
export interface BankNames {
  config: CategoryConfig | undefined;
  kind: (kind: string) => string;
  category: (id: number) => string;
  /** A shelf group (a book's kind2): a category key, a math topic, a season year or one of the copy's groups. */
  group: (kind2: string) => string;
  difficulty: (d: string) => string;
}

/** Chinese names of categories, kinds and topics from the server's category config (the one source of them). */
export function useBankNames(): BankNames {
  const { data: config } = useQuery(categoryConfigQuery);
  return useMemo(() => {
    const kinds = new Map<string, string>();
    const groups = new Map<string, string>();
    const categories = new Map<number, string>();
    for (const c of config?.categories ?? []) {
      categories.set(c.id, c.name);
      groups.set(c.key, c.name);
      for (const k of c.kinds) kinds.set(k.id, k.name);
      for (const s of c.subs) groups.set(s.id, s.name);
    }
    return {
      config,
      kind: (kind) => kinds.get(kind) ?? kind,
      category: (id) => categories.get(id) ?? b.allCategories,
      group: (kind2) => b.groups[kind2] ?? groups.get(kind2) ?? (/^\d{4}$/.test(kind2) ? b.seasonGroup(kind2) : kind2),
      difficulty: (d) => b.difficulty[d] ?? d,
    };
  }, [config]);
}
