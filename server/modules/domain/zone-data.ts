/**
 * The active records as the DNS server reads them: loaded from the database, kept `maxAgeMs` (500 ms) and then
 * reloaded in the background while the old one still answers, up to 1.8 × that, past which a query waits for the
 * load; so a change made by another process is served within a second. A write in this process drops it at once.
 */
import { eq } from 'drizzle-orm';
import type { DnsType } from '../../../src/common/domain.js';
import type { Db } from '../../db/client.js';
import { dnsRecords } from '../../db/schema.js';

let version = 0;
/** A record was written here: every snapshot reloads on its next read. */
export const recordsChanged = () => { version += 1; };

export type ServedRecord = { type: DnsType; value: string; ttl: number };

export type ZoneSnapshot = {
  /** Active records by name. */
  byName: Map<string, ServedRecord[]>;
  /** Every name that exists: record names and the names between them and their zone (empty non-terminals). */
  names: Set<string>;
  /** The zones' SOA serial: seconds at the last load whose records differed from the one before. */
  serial: number;
};

export class ZoneData {
  private snapshot: ZoneSnapshot | null = null;
  private loadedAt = 0;
  private loadedVersion = -1;
  private loading: Promise<ZoneSnapshot> | null = null;
  private fingerprint = '';

  constructor(private readonly db: Db, private readonly maxAgeMs = 500) {}

  async get(): Promise<ZoneSnapshot> {
    const age = Date.now() - this.loadedAt;
    if (this.snapshot && this.loadedVersion === version) {
      if (age < this.maxAgeMs) return this.snapshot;
      // Past its age but well within a second: answer from it while a fresh one loads, so no query waits for the load.
      if (age < this.maxAgeMs * 1.8) {
        void this.reload().catch(() => undefined);
        return this.snapshot;
      }
    }
    return this.reload();
  }

  /** One load at a time: queries arriving meanwhile share it. */
  private reload(): Promise<ZoneSnapshot> {
    this.loading ??= this.load().finally(() => { this.loading = null; });
    return this.loading;
  }

  private async load(): Promise<ZoneSnapshot> {
    const startVersion = version;
    const startedAt = Date.now();
    const rows = await this.db.select({ domain: dnsRecords.domain, type: dnsRecords.type, value: dnsRecords.value, ttl: dnsRecords.ttl })
      .from(dnsRecords).where(eq(dnsRecords.isActive, true)).orderBy(dnsRecords.domain, dnsRecords.type, dnsRecords.value);
    const byName = new Map<string, ServedRecord[]>();
    const names = new Set<string>();
    for (const r of rows) {
      const list = byName.get(r.domain) ?? [];
      list.push({ type: r.type as DnsType, value: r.value, ttl: r.ttl });
      byName.set(r.domain, list);
      for (let name = r.domain; name && !names.has(name); name = name.slice(name.indexOf('.') + 1 || name.length)) names.add(name);
    }
    const fingerprint = JSON.stringify(rows);
    const serial = fingerprint === this.fingerprint && this.snapshot ? this.snapshot.serial : Math.floor(startedAt / 1000);
    this.fingerprint = fingerprint;
    this.snapshot = { byName, names, serial };
    this.loadedAt = startedAt;
    this.loadedVersion = startVersion;
    return this.snapshot;
  }
}
