import { sql } from 'drizzle-orm';
import { settings as settingsTable } from '../../db/schema.js';
import type { Queryable } from '../../db/client.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../../src/common/settings.js';
import { cachesTrusted, invalidated, onInvalidation } from '../../lib/invalidation.js';

/** Bumped when any process saves the settings (lib/invalidation.ts): every kept copy is then stale. */
let generation = 0;
onInvalidation((event) => {
  if (event === 'settings' || event === 'all') generation += 1;
});

/** Settings are read on every authenticated request, so one copy is kept per app and dropped on write (on every process). */
export class SettingsService {
  private cached: Settings | null = null;
  private cachedGeneration = 0;

  constructor(private readonly db: Queryable) {}

  /** Inside a transaction pass it as `db`: on PGlite a query outside the open transaction would wait for it forever. */
  async get(db: Queryable = this.db): Promise<Settings> {
    if (this.cached && this.cachedGeneration === generation && cachesTrusted()) return this.cached;
    const seen = generation;
    // Read as JSON text: drizzle's jsonb column parses a string value again, so "0.0004" would come back as a number.
    const rows = await db
      .select({ key: settingsTable.key, json: sql<string>`${settingsTable.value}::text` })
      .from(settingsTable);
    const stored: Record<string, unknown> = {};
    for (const row of rows) stored[row.key] = JSON.parse(row.json);
    const merged = settingsSchema.partial().safeParse(stored);
    const value: Settings = { ...DEFAULT_SETTINGS, ...(merged.success ? merged.data : {}) };
    // A read inside a transaction may yet be rolled back, so only plain reads are kept.
    if (db === this.db) {
      this.cached = value;
      this.cachedGeneration = seen;
    }
    return value;
  }

  async save(db: Queryable, values: Partial<Settings>): Promise<Settings> {
    const now = new Date();
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      // A null setting (e.g. freeShippingOver: never) is stored as JSON null: a bare null would be SQL NULL, which the column refuses.
      const stored = value === null ? sql`'null'::jsonb` : value;
      await db
        .insert(settingsTable)
        .values({ key, value: stored, updatedAt: now })
        .onConflictDoUpdate({ target: settingsTable.key, set: { value: stored, updatedAt: now } });
    }
    this.cached = null;
    invalidated('settings');
    return this.get(db);
  }

  async reset(db: Queryable): Promise<Settings> {
    // Keys outside the settings (an internal value such as the referral salt, `_…`) survive a reset.
    await db.delete(settingsTable).where(sql`left(${settingsTable.key}, 1) <> '_'`);
    this.cached = null;
    invalidated('settings');
    return this.get(db);
  }
}
