import { passageSentences, type ContentQuestion, type InputKind } from '@gre/contracts';
import type { Database } from '@gre/db';
import { sectionItemRows } from './change-fast.repository.js';

type OptionGroups = ContentQuestion['input_method']['option_groups'];

/** What the answer call needs to check an answer's shape without reading the item: fixed once the section has items. */
export interface CachedItem {
  inputKind: InputKind;
  /** Option keys per column (texts dropped), null when the question's kind no longer matches the item's copy. */
  groups: OptionGroups | null;
  /** A SelectSentence item's passage sentence count (the highest index it takes + 1); null for other kinds. */
  sentences: number | null;
  /**
   * The later `updated_at` of the question and its passage, as text: the one-statement answer writes only while it is
   * still this (a re-imported passage may split into other sentences).
   */
  questionStamp: string;
}

/** Sections kept per instance; at ~20 items of a few keys each this stays a few megabytes. */
export const SECTION_CACHE_SIZE = 5000;

/**
 * An LRU map of the items of exam sections, by (exam, section). Only sections that already have their items are
 * kept (section 2 of a mock gets them when section 1 is submitted), and the items of a section never change after
 * that, so an entry is never wrong about the exam and several instances need no invalidation. The questions behind
 * it may be re-imported: every entry carries the stamps the writing statement compares. One per Deps
 * (`deps.fast.exams.sections`): tests open many databases in one process, each counting exam ids from 1.
 */
export class SectionCache {
  private readonly entries = new Map<string, CachedItem[]>();
  constructor(private readonly max = SECTION_CACHE_SIZE) {}

  get(examId: number, section: number): CachedItem[] | undefined {
    const key = `${examId}:${section}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Map keeps insertion order: re-inserting marks the entry as the most recent.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(examId: number, section: number, items: CachedItem[]): void {
    const key = `${examId}:${section}`;
    this.entries.delete(key);
    this.entries.set(key, items);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  drop(examId: number, section: number): void {
    this.entries.delete(`${examId}:${section}`);
  }

  get size(): number {
    return this.entries.size;
  }
}

function keysOnly(groups: unknown): OptionGroups | null {
  if (!Array.isArray(groups)) return null;
  return groups.map((g: { options?: { key?: unknown }[] }) => ({
    options: (g.options ?? []).map((o) => ({ key: o.key })),
  })) as unknown as OptionGroups;
}

/**
 * The items of a section by position, from the cache or one query; null (and nothing cached) while the section has
 * no items or does not exist. Says nothing about whose exam it is: the writing statement checks that.
 */
export async function sectionItems(
  database: Database,
  cache: SectionCache,
  examId: number,
  section: number,
): Promise<CachedItem[] | null> {
  const hit = cache.get(examId, section);
  if (hit) return hit;
  const rows = await sectionItemRows(database, examId, section);
  if (rows.length === 0) return null;
  const items: CachedItem[] = [];
  for (const r of rows) {
    items[r.position] = {
      inputKind: r.input_kind as InputKind,
      groups: r.q_kind === r.input_kind ? keysOnly(r.groups) : null,
      sentences: r.passage
        ? passageSentences({ text: r.passage.text, sentences: r.passage.sentences ?? undefined }).length
        : null,
      questionStamp: r.stamp,
    };
  }
  cache.set(examId, section, items);
  return items;
}
