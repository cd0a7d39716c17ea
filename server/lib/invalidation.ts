/**
 * Caches dropped on every process at once (PostgreSQL LISTEN/NOTIFY).
 *
 * Each process keeps a few short-lived caches: sessions (2 s), list counts and sums, the dashboard's figures,
 * the settings. A write drops its own process's copy at once (the cache's owner does that) and calls
 * `invalidated(event)`; the events are then published on the channel `rwa_invalidate` once the write has committed:
 *   - a request that changes something (any method but GET/HEAD) publishes what happened during it just before its
 *     answer is sent (`publishSince`, called by plugins/invalidation.ts), so the next call on any process sees it;
 *   - background loops (the checkout sweeper, the mint worker) call `publishSince` after each pass;
 *   - anything else is published by a short timer, as a safety net.
 * Every process, the sender included, drops the named entries when the notification arrives (`onInvalidation`).
 * A notification reaches the other processes a moment after the publisher's answer, so a cache hit that must reflect
 * every earlier write (a session, a list's total) awaits `caughtUp()` first and checks that its entry is still there.
 * While a process's listening connection is down it may have missed notifications, so `cachesTrusted()` is false and
 * the caches are bypassed until it is back (everything is dropped then).
 *
 * On PGlite there is one process and no bus: the caches are always trusted, and `invalidated` only hands the events
 * the live events stream listens for (`live:…`, `session:…`, `user:…`) to this process's own handlers, on the same
 * schedule (`publishSince`, or the safety timer).
 *
 * `live:<entity>:<kind>:<id>` says that a record changed (modules/events streams it to the browsers, server/lib/live.ts
 * makes it); no cache is dropped for it.
 */
import pg from 'pg';

/** `counts` (list totals and sums, the dashboard), `settings`, `mint` (wake the mint worker), `dns` (the DNS server's records), `webhooks` (the event types endpoints listen for), `session:<id>`, `user:<id>`, `live:<…>` (a change for the live stream), `all`. */
export type Invalidation =
  | 'counts'
  | 'settings'
  | 'mint'
  | 'dns'
  | 'webhooks'
  | 'all'
  | `session:${string}`
  | `user:${string}`
  | `live:${string}`;

export const INVALIDATION_CHANNEL = 'rwa_invalidate';
/** NOTIFY payloads must stay under 8000 bytes; a larger batch is sent as `all`. */
const MAX_PAYLOAD = 7000;
const RECENT_MAX = 2000;
const SAFETY_FLUSH_MS = 25;
/** The first retry after the listening connection is lost; each failed one doubles it, up to RECONNECT_MAX_MS. */
const RECONNECT_MS = 250;
const RECONNECT_MAX_MS = 5000;

type Handler = (event: Invalidation) => void;
const handlers: Handler[] = [];

/** What this process drops when an invalidation arrives (its own echoed back, or another process's); returns how to stop. */
export function onInvalidation(handler: Handler): () => void {
  handlers.push(handler);
  return () => {
    const at = handlers.indexOf(handler);
    if (at >= 0) handlers.splice(at, 1);
  };
}

type Log = { info(msg: string): void; warn(msg: string): void };

let seq = 0;
const recent: { seq: number; event: Invalidation; sent: boolean }[] = [];
const buses = new Set<Bus>();
let downBuses = 0;
let safetyMark = 0;
let safetyTimer: NodeJS.Timeout | null = null;

/** False while a listening connection is down: notifications may have been missed, so caches must not be used. */
export function cachesTrusted(): boolean {
  return downBuses === 0;
}

/**
 * `run` for many callers: a call made while a run is under way waits for the next run, which starts when that one
 * ends and serves every caller that came meanwhile (so each caller is served by a run that started after its call).
 */
function inRounds(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let waiting: { done: Promise<void>; resolve: () => void } | null = null;
  const loop = async () => {
    while (waiting) {
      const round = waiting;
      waiting = null;
      await run().catch(() => undefined);
      round.resolve();
    }
    running = null;
  };
  return () => {
    if (!waiting) {
      let resolve!: () => void;
      waiting = { done: new Promise<void>((r) => (resolve = r)), resolve };
    }
    const { done } = waiting;
    running ??= loop();
    return done;
  };
}

const pingRound = inRounds(async () => {
  await Promise.all([...buses].map((bus) => bus.ping()));
});

/**
 * Resolves once this process has received every notification committed before the call, so a cache entry still
 * present then may be used: PostgreSQL sends a listening connection its pending notifications before it answers a
 * query on it, so one round trip there (`select 1`) is enough. A notification is delivered a moment after the
 * publisher's answer; without this a call reaching another process in that moment could be served from a dropped
 * entry. Callers coming while a round trip is under way share the next one.
 */
export function caughtUp(): Promise<void> {
  return buses.size === 0 ? Promise.resolve() : pingRound();
}

/** Events of a single process without a bus (PGlite) that its own live stream hears: what `flushLocal` hands over. */
const LOCAL_PREFIXES = ['live:', 'session:', 'user:'];
let localQueue: Invalidation[] = [];
let localTimer: NodeJS.Timeout | null = null;

function flushLocal() {
  if (localTimer) clearTimeout(localTimer);
  localTimer = null;
  const events = localQueue;
  localQueue = [];
  if (events.length > 0) apply(events);
}

/** Records that something other processes cache has changed here (the caller has already dropped its own copy). */
export function invalidated(event: Invalidation) {
  if (buses.size === 0) {
    if (!LOCAL_PREFIXES.some((p) => event.startsWith(p))) return;
    localQueue.push(event);
    if (localQueue.length > RECENT_MAX) localQueue = ['all'];
    localTimer ??= setTimeout(flushLocal, SAFETY_FLUSH_MS);
    localTimer.unref();
    return;
  }
  seq += 1;
  recent.push({ seq, event, sent: false });
  if (recent.length > RECENT_MAX) recent.splice(0, recent.length - RECENT_MAX);
  if (!safetyTimer) {
    safetyTimer = setTimeout(() => {
      safetyTimer = null;
      const since = safetyMark;
      safetyMark = seq;
      // Only what no publish has carried yet: a request's own publish usually came first.
      const forgotten = (recent[0]?.seq ?? seq + 1) > since + 1;
      const unsent = forgotten ? null : recent.find((e) => e.seq > since && !e.sent);
      if (forgotten || unsent) void publishSince(unsent ? unsent.seq - 1 : since);
    }, SAFETY_FLUSH_MS);
    safetyTimer.unref();
  }
}

/** Where the record of events stands now: pass it to `publishSince` after the work that follows has committed. */
export function mark(): number {
  return seq;
}

/** The oldest mark the callers waiting for the next notification asked for. */
let pendingSince = Infinity;
const publishRound = inRounds(() => {
  const since = pendingSince;
  pendingSince = Infinity;
  return send(since);
});

/**
 * Publishes every event recorded after `since` and waits until PostgreSQL has taken the notification. The notification
 * is sent after this call (so after the caller's commit); callers that come while one is being sent share the next one,
 * which carries all their events: under load a process sends one notification per round trip, not one per request.
 */
export function publishSince(since: number): Promise<void> {
  if (buses.size === 0) flushLocal();
  if (seq <= since || buses.size === 0) return Promise.resolve();
  pendingSince = Math.min(pendingSince, since);
  return publishRound();
}

async function send(since: number) {
  const oldest = recent[0]?.seq ?? seq + 1;
  const carried = recent.filter((e) => e.seq > since);
  for (const e of carried) e.sent = true;
  const events = oldest > since + 1 ? ['all'] : [...new Set(carried.map((e) => e.event))];
  let payload = JSON.stringify(events);
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify(coarser(events));
  if (payload.length > MAX_PAYLOAD) payload = '["all"]';
  await Promise.all([...buses].map((bus) => bus.notify(payload)));
}

/** A batch too large for one notification: each type's record changes said once, without their ids (lib/live.ts). */
function coarser(events: string[]): string[] {
  const types = (e: string) => (e.startsWith('live:') ? `live:${e.split(':')[1]}:updated:` : e);
  return [...new Set(events.map(types))];
}

function apply(events: Invalidation[]) {
  for (const event of events) for (const handler of handlers) handler(event);
}

function received(payload: string) {
  let events: unknown;
  try {
    events = JSON.parse(payload);
  } catch {
    events = ['all'];
  }
  apply(Array.isArray(events) ? events.filter((e): e is Invalidation => typeof e === 'string') : ['all']);
}

class Bus {
  private client: pg.Client | null = null;
  /** Counted in downBuses: the connection was lost and is not back yet. */
  private down = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private retries = 0;

  constructor(
    private readonly url: string,
    private readonly log: Log,
  ) {}

  async connect() {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (m) => {
      if (m.channel === INVALIDATION_CHANNEL) received(m.payload ?? '["all"]');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${INVALIDATION_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retries = 0;
    if (this.down) {
      this.down = false;
      downBuses -= 1;
      // Whatever was published while we were away is lost: drop everything once.
      apply(['all']);
      this.log.info('cache invalidation: listening again; every cache was dropped');
    }
  }

  private lost(client: pg.Client) {
    if (client !== this.client || this.stopped) return;
    this.client = null;
    if (!this.down) {
      this.down = true;
      downBuses += 1;
      this.log.warn(
        'cache invalidation: the listening connection to PostgreSQL was lost; caches are bypassed until it is back',
      );
    }
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  /** Tries again after a delay that doubles with each failed try (the database may be restarting), up to a cap. */
  private scheduleReconnect() {
    if (this.stopped || this.retry) return;
    const delay = Math.min(RECONNECT_MS * 2 ** this.retries, RECONNECT_MAX_MS);
    this.retries += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) this.connect().catch(() => this.scheduleReconnect());
    }, delay);
    this.retry.unref();
  }

  /** A round trip on the listening connection: the notifications PostgreSQL had for it arrive before the answer. */
  async ping() {
    await this.client?.query('select 1').catch(() => undefined);
  }

  async notify(payload: string) {
    const client = this.client;
    if (!client) return;
    await client.query('select pg_notify($1, $2)', [INVALIDATION_CHANNEL, payload]).catch(() => undefined);
  }

  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.down) {
      this.down = false;
      downBuses -= 1;
    }
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** Listens on PostgreSQL for other processes' invalidations and publishes this process's; stop it on shutdown. */
export async function startInvalidationBus(url: string, log: Log): Promise<{ stop: () => Promise<void> }> {
  const bus = new Bus(url, log);
  await bus.connect();
  buses.add(bus);
  return {
    stop: async () => {
      await publishSince(safetyMark);
      buses.delete(bus);
      await bus.stop();
    },
  };
}
