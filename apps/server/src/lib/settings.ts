import { settings, type Db } from '@gre/db';
import { eq, sql } from 'drizzle-orm';

export interface SiteSettings {
  maintenance: boolean;
  min_api_version: number;
}

const DEFAULTS: SiteSettings = { maintenance: false, min_api_version: 0 };
/** Admin overrides of contract defaults, read raw; each user validates its own shape and falls back to the defaults. */
export type OverrideKey = 'quotas' | 'exam_timing' | 'review_cap' | 'prices';
const OVERRIDE_KEYS: readonly string[] = ['quotas', 'exam_timing', 'review_cap', 'prices'] satisfies OverrideKey[];
/** Other instances see a switch within this many milliseconds. */
const CACHE_MS = 2000;

/**
 * Site switches stored in the `settings` table. Read through a short cache so the
 * gate hooks cost no query on most requests; writes bypass it on this instance.
 */
export class SettingsStore {
  private cached: { value: SiteSettings; overrides: Map<string, unknown>; at: number } | null = null;
  constructor(
    private readonly db: Db,
    /** The instance's store, when this one reads through a unit of work's transaction (`within`). */
    private readonly shared: SettingsStore | null = null,
  ) {}

  /**
   * This store read and written through `db`: a unit of work's transaction, which a read on the database handle would
   * wait behind on PGlite. It reads the instance's cache while fresh but never fills it (a read inside a unit may see
   * the unit's uncommitted writes), and its writes drop that cache.
   */
  within(db: Db): SettingsStore {
    return new SettingsStore(db, this.shared ?? this);
  }

  async get(): Promise<SiteSettings> {
    return (await this.load()).value;
  }

  /** The stored value of an override key (undefined when unset), through the same cache. */
  async override(key: OverrideKey): Promise<unknown> {
    return (await this.load()).overrides.get(key);
  }

  /** Writes an override key (the admin settings page; tests). */
  async setOverride(key: OverrideKey, value: unknown): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.dropCache();
  }

  private dropCache(): void {
    this.cached = null;
    if (this.shared) this.shared.cached = null;
  }

  private async load(): Promise<NonNullable<SettingsStore['cached']>> {
    const instance = this.shared?.cached;
    if (instance && Date.now() - instance.at < CACHE_MS) return instance;
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached;
    const rows = await this.db.select().from(settings);
    const value = { ...DEFAULTS };
    const overrides = new Map<string, unknown>();
    for (const r of rows) {
      if (r.key === 'maintenance') value.maintenance = r.value === true;
      if (r.key === 'min_api_version' && typeof r.value === 'number') value.min_api_version = r.value;
      if (OVERRIDE_KEYS.includes(r.key)) overrides.set(r.key, r.value);
    }
    this.cached = { value, overrides, at: Date.now() };
    return this.cached;
  }

  async set<K extends keyof SiteSettings>(key: K, value: SiteSettings[K]): Promise<SiteSettings> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.dropCache();
    return this.get();
  }

  async remove(key: keyof SiteSettings): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
    this.dropCache();
  }
}
