import { settings, type Db } from '@gre/db';
import { eq, sql } from 'drizzle-orm';

export interface SiteSettings {
  maintenance: boolean;
  min_api_version: number;
}

const DEFAULTS: SiteSettings = { maintenance: false, min_api_version: 0 };
/** Other instances see a switch within this many milliseconds. */
const CACHE_MS = 2000;

/**
 * Site switches stored in the `settings` table. Read through a short cache so the
 * gate hooks cost no query on most requests; writes bypass it on this instance.
 */
export class SettingsStore {
  private cached: { value: SiteSettings; at: number } | null = null;
  constructor(private readonly db: Db) {}

  async get(): Promise<SiteSettings> {
    if (this.cached && Date.now() - this.cached.at < CACHE_MS) return this.cached.value;
    const rows = await this.db.select().from(settings);
    const value = { ...DEFAULTS };
    for (const r of rows) {
      if (r.key === 'maintenance') value.maintenance = r.value === true;
      if (r.key === 'min_api_version' && typeof r.value === 'number') value.min_api_version = r.value;
    }
    this.cached = { value, at: Date.now() };
    return value;
  }

  async set<K extends keyof SiteSettings>(key: K, value: SiteSettings[K]): Promise<SiteSettings> {
    await this.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    this.cached = null;
    return this.get();
  }

  async remove(key: keyof SiteSettings): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
    this.cached = null;
  }
}
