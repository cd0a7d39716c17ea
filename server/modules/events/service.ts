/**
 * The live events hub of one process (issue 41): the browsers' open streams, fed by the invalidation bus, which
 * brings every process's committed changes to every process (lib/invalidation.ts, lib/live.ts). Each change is
 * numbered here, kept a while (RECENT_MAX events, RECENT_MS) for a reconnect's `Last-Event-ID`, and written to the
 * streams whose viewer may hear it (policy.ts). A stream closes when its session ends: a logout or a suspension is
 * heard on the bus (`session:…`, `user:…`), an expiry at the moment the session would expire.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LiveEvent } from '../../../src/common/events.js';
import { EVENTS_HEARTBEAT_SECONDS } from '../../../src/common/events.js';
import type { Db } from '../../db/client.js';
import { orders, payments } from '../../db/schema.js';
import { onInvalidation } from '../../lib/invalidation.js';
import { parseChange } from '../../lib/live.js';
import type { AuthUser } from '../../types.js';
import type { SettingsService } from '../settings/service.js';
import { sessionStanding } from '../auth/service.js';
import { INBOX, mayHear, needsOwner, resourceOfEntity, type Viewer } from './policy.js';
import { SSE_END, SSE_HEARTBEAT, SSE_OPEN, sseChange, sseReload } from './present.js';

const RECENT_MAX = 1000;
const RECENT_MS = 5 * 60_000;
/** A session's end is checked again at least this often (its idle limit moves while it is used elsewhere). */
const RECHECK_MAX_MS = 10 * 60_000;
/** A stream whose reader has this much unread is dropped (it reconnects and catches up, or reloads). */
const UNREAD_MAX = 1 << 20;

/** Where a stream's bytes go: the response, seen only as a writable that ends. */
export type Sink = { write(text: string): boolean; end(): void; readonly writableLength: number };

/**
 * Changes heard within this long go to a stream in one write: at 100 changes a second to 1,000 streams, a write per
 * change per stream kept a core busy with the writes alone (npm run bench:events).
 */
const BATCH_MS = 25;

type Stream = {
  viewer: Viewer;
  sessionId: string;
  sink: Sink;
  recheck: NodeJS.Timeout | null;
  closed: boolean;
  /** Changes waiting for the next batch's write. */
  pending: string;
};

type Kept = { seq: number; at: number; event: LiveEvent; owner?: Promise<string | null> };

export class EventsHub {
  /** Names this process's numbering: an id from another process (or before a restart) cannot be resumed here. */
  readonly boot = randomBytes(6).toString('base64url');
  private readonly streams = new Set<Stream>();
  private recent: Kept[] = [];
  private seq = 0;
  /** Events up to this number may be missing (the bus was lost meanwhile): a resume from before it reloads. */
  private gap = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The streams with changes waiting, and the timer of their write. */
  private readonly batched = new Set<Stream>();
  private batch: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly heartbeatMs = EVENTS_HEARTBEAT_SECONDS * 1000,
  ) {}

  start() {
    this.unsubscribe = onInvalidation((e) => this.heard(e));
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) this.send(s, SSE_HEARTBEAT);
    }, this.heartbeatMs);
    this.heartbeat.unref();
    return this;
  }

  /** Ends every stream (the server is stopping): browsers reconnect to another process. */
  stop() {
    this.unsubscribe?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.batch) clearTimeout(this.batch);
    for (const s of [...this.streams]) this.close(s);
  }

  get size() {
    return this.streams.size;
  }

  /** Opens a stream for a session whose ticket was checked; `lastEventId` resumes after it, or says reload. */
  async open(user: AuthUser, endsAt: Date, sink: Sink, lastEventId: string | null): Promise<() => void> {
    const stream: Stream = { viewer: user, sessionId: user.sessionId, sink, recheck: null, closed: false, pending: '' };
    this.streams.add(stream);
    this.send(stream, SSE_OPEN);
    this.scheduleRecheck(stream, endsAt);
    if (lastEventId) await this.resume(stream, lastEventId);
    return () => this.close(stream, false);
  }

  private async resume(stream: Stream, lastEventId: string) {
    // `<boot>-<seq>`, split at the last dash: the boot name is base64url, which has dashes of its own.
    const cut = lastEventId.lastIndexOf('-');
    const [boot, n] = [lastEventId.slice(0, cut), lastEventId.slice(cut + 1)];
    const after = Number(n);
    const oldest = this.recent[0]?.seq ?? this.seq + 1;
    const cutoff = Date.now() - RECENT_MS;
    const kept = boot === this.boot && Number.isInteger(after) && after >= this.gap && after >= oldest - 1;
    if (!kept || (after < this.seq && this.recent.find((k) => k.seq === after + 1)!.at < cutoff)) {
      this.send(stream, sseReload(this.idOf(this.seq)));
      return;
    }
    for (const k of this.recent.filter((r) => r.seq > after)) {
      const hears = this.hears(stream, k);
      const text = hears && sseChange(this.idOf(k.seq), k.event);
      if (hears === 'owner') await this.deliverOwned(stream, k, text as string);
      else if (text) this.send(stream, text);
    }
  }

  private idOf(seq: number) {
    return `${this.boot}-${seq}`;
  }

  private heard(raw: string) {
    if (raw === 'all') {
      // This process may have missed changes: everyone looks again, and nobody resumes from before now.
      this.gap = this.seq;
      for (const s of this.streams) this.send(s, sseReload(this.idOf(this.seq)));
      for (const s of this.streams) void this.checkSession(s);
      return;
    }
    if (raw.startsWith('session:')) {
      const id = raw.slice(8);
      for (const s of this.streams) if (s.sessionId === id) void this.checkSession(s);
      return;
    }
    if (raw.startsWith('user:')) {
      const id = raw.slice(5);
      for (const s of this.streams) if (s.viewer.id === id) void this.checkSession(s);
      return;
    }
    const change = parseChange(raw);
    const resource = change && resourceOfEntity(change.entity);
    if (!change || !resource) return;
    this.seq += 1;
    const kept: Kept = { seq: this.seq, at: Date.now(), event: { resource, id: change.id, change: change.kind } };
    this.recent.push(kept);
    const cutoff = Date.now() - RECENT_MS;
    while (this.recent.length > RECENT_MAX || (this.recent[0] && this.recent[0].at < cutoff)) this.recent.shift();
    // One text for every stream; a stream that needs the record's owner waits for it, the others hear it at once.
    const text = sseChange(this.idOf(kept.seq), kept.event);
    for (const s of this.streams) {
      const hears = this.hears(s, kept);
      if (hears === 'owner') void this.deliverOwned(s, kept, text);
      else if (hears) this.sendSoon(s, text);
    }
  }

  /** Whether the stream's viewer may hear the change, or 'owner' when that depends on the record's owner. */
  private hears(stream: Stream, { event: { resource, id } }: Kept): boolean | 'owner' {
    if (resource === INBOX) return mayHear(stream.viewer, resource, id, id);
    if (needsOwner(stream.viewer, resource)) return 'owner';
    return mayHear(stream.viewer, resource, null, id);
  }

  private async deliverOwned(stream: Stream, k: Kept, text: string) {
    if (mayHear(stream.viewer, k.event.resource, await this.ownerOf(k), k.event.id)) this.sendSoon(stream, text);
  }

  /** The buyer of the changed order or payment, read once per event and only when a shopper's stream needs it. */
  private ownerOf(k: Kept): Promise<string | null> {
    const { resource, id } = k.event;
    if (!id || !/^[0-9a-f-]{36}$/.test(id)) return Promise.resolve(null);
    k.owner ??= (async () => {
      if (resource === 'orders') {
        const [row] = await this.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id));
        return row?.userId ?? null;
      }
      const [row] = await this.db
        .select({ userId: orders.userId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.id, id));
      return row?.userId ?? null;
    })().catch(() => null);
    return k.owner;
  }

  /** Writes `text` now, after the stream's waiting changes. */
  private send(stream: Stream, text: string) {
    if (stream.closed) return;
    if (stream.sink.writableLength > UNREAD_MAX) return this.close(stream, false);
    stream.sink.write(stream.pending + text);
    stream.pending = '';
    this.batched.delete(stream);
  }

  /** Writes `text` with the next batch. */
  private sendSoon(stream: Stream, text: string) {
    if (stream.closed) return;
    stream.pending += text;
    this.batched.add(stream);
    this.batch ??= setTimeout(() => {
      this.batch = null;
      const due = [...this.batched];
      this.batched.clear();
      for (const s of due) if (s.pending) this.send(s, '');
    }, BATCH_MS);
  }

  private scheduleRecheck(stream: Stream, endsAt: Date) {
    if (stream.recheck) clearTimeout(stream.recheck);
    const wait = Math.max(0, Math.min(endsAt.getTime() - Date.now() + 50, RECHECK_MAX_MS));
    stream.recheck = setTimeout(() => void this.checkSession(stream), wait);
    stream.recheck.unref();
  }

  /** Closes the stream with `end` when its session has ended, else waits for the moment it would expire. */
  private async checkSession(stream: Stream) {
    if (stream.closed) return;
    const standing = await sessionStanding(this.db, this.settings, stream.sessionId).catch(() => undefined);
    if (standing === undefined) return this.scheduleRecheck(stream, new Date(Date.now() + 5_000)); // database away
    if (!standing || standing.user.role !== stream.viewer.role) {
      this.send(stream, SSE_END);
      return this.close(stream);
    }
    this.scheduleRecheck(stream, standing.endsAt);
  }

  private close(stream: Stream, end = true) {
    if (stream.closed) return;
    stream.closed = true;
    if (stream.recheck) clearTimeout(stream.recheck);
    this.streams.delete(stream);
    this.batched.delete(stream);
    if (!end) return;
    if (stream.pending) stream.sink.write(stream.pending);
    stream.sink.end();
  }
}
