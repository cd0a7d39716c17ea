/**
 * The active records as the DNS server reads them, on the thread that holds the database: loaded when the DNS worker
 * asks for a copy younger than it has (dns/zone-copy.ts decides when), shared by the requests that arrive during one
 * load. A write in this process, or a `dns` invalidation from another (lib/invalidation.ts), makes the next read
 * load again and tells the listeners (the DNS worker counts them).
 */
import { eq } from 'drizzle-orm';
import type { DnsType } from '../../../src/common/domain.js';
import type { Db } from '../../db/client.js';
import { dnsRecords } from '../../db/schema.js';
import { invalidated, onInvalidation } from '../../lib/invalidation.js';
import type { RecordRow } from './dns/zone-index.js';

let version = 0;
const listeners = new Set<() => void>();
const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};
/** A record was written here: every copy reloads on its next read, here and (lib/invalidation.ts) in every process. */
export const recordsChanged = () => {
  changed();
  invalidated('dns');
};
onInvalidation((event) => {
  if (event === 'dns' || event === 'all') changed();
});

/** Calls `listener` on every change of the records; returns the function that stops it. */
export function onRecordsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type ZoneRows = {
  rows: RecordRow[];
  /** The zones' SOA serial: seconds at the last load whose records differed from the one before. */
  serial: number;
  /** When the load began (its rows are at least that recent). */
  loadedAt: number;
  /** Counts the loads whose records differed from the one before: the same generation, the same rows. */
  generation: number;
};

export class ZoneData {
  private snapshot: ZoneRows | null = null;
  private loadedVersion = -1;
  private loading: Promise<ZoneRows> | null = null;
  private fingerprint = '';

  constructor(private readonly db: Db) {}

  /** Rows read no longer than `maxAgeMs` ago and after the last change this process heard of. */
  async get(maxAgeMs: number): Promise<ZoneRows> {
    // A load already under way when a change came is not enough: one more, a few times at most under constant writes.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (this.snapshot && this.loadedVersion === version && Date.now() - this.snapshot.loadedAt < maxAgeMs) break;
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.snapshot!;
  }

  private async load(): Promise<ZoneRows> {
    const startVersion = version;
    const startedAt = Date.now();
    const rows = await this.db
      .select({ domain: dnsRecords.domain, type: dnsRecords.type, value: dnsRecords.value, ttl: dnsRecords.ttl })
      .from(dnsRecords)
      .where(eq(dnsRecords.isActive, true))
      .orderBy(dnsRecords.domain, dnsRecords.type, dnsRecords.value);
    const fingerprint = JSON.stringify(rows);
    const same = fingerprint === this.fingerprint && this.snapshot;
    this.fingerprint = fingerprint;
    this.snapshot = same
      ? { ...this.snapshot!, loadedAt: startedAt }
      : {
          rows: rows.map((r) => ({ ...r, type: r.type as DnsType })),
          serial: Math.floor(startedAt / 1000),
          loadedAt: startedAt,
          generation: (this.snapshot?.generation ?? -1) + 1,
        };
    this.loadedVersion = startVersion;
    return this.snapshot;
  }
}
