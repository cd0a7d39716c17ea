/**
 * PGlite in a worker thread: what drizzle's PGlite driver calls (`query`, `exec`, `transaction`) forwarded to the
 * database in pglite-thread-worker.mjs. One transaction at a time, as PGlite's own: while one is open, other queries
 * wait for it to end. A thread that stops (a crash, out of memory) fails what waited on it (THREAD_STOPPED: 503) and
 * is started again on its directory; past RESTARTS_PER_MINUTE it is not, and its owner is told (the server exits).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadEntry } from '../lib/paths.js';

/** `parsers`, drizzle's, is not sent: the thread answers dates as text, as drizzle asks (pglite-thread-worker.mjs). */
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** The code of the error every query gets once the thread has stopped (lib/errors.ts `isUnavailable`). */
export const THREAD_STOPPED = 'PGLITE_THREAD_STOPPED';

export type ThreadQueryable = {
  query<T = unknown>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<Results & { rows: T[] }>;
  exec(sql: string): Promise<Results[]>;
};

/** What a thread is opened on: a data directory, or (tests) the bytes of a dumped one. */
type Source = string | { dump: Uint8Array };

/** A started thread on `from`, once its database is open. */
async function spawnThread(from: Source): Promise<Worker> {
  const workerData = typeof from === 'string' ? { dir: from } : { dump: from.dump };
  const worker = new Worker(threadEntry(new URL('./pglite-thread-worker.mjs', import.meta.url), 'pglite-thread.js'), {
    workerData,
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The PGlite thread exited with ${code} before it was ready.`)));
  });
  return worker;
}

let early: { dir: string; worker: Promise<Worker> } | null = null;

/**
 * Starts opening the database under `dir` now, on its own thread, while the rest of the server's code loads
 * (server/index.ts): the first `create` on the same directory takes it. Nothing else may open `dir` meanwhile.
 */
export function openPgliteEarly(dir: string): Promise<Worker> {
  fs.mkdirSync(dir, { recursive: true });
  const worker = spawnThread(path.resolve(dir));
  worker.catch(() => {}); // a failure is the taker's, when it awaits
  early = { dir: path.resolve(dir), worker };
  return worker;
}

/** The early thread if it was started on `dir`; one started on another directory is stopped. */
function takeEarly(dir: string): Promise<Worker> | null {
  const taken = early;
  early = null;
  if (!taken) return null;
  if (taken.dir === path.resolve(dir)) return taken.worker;
  void taken.worker.then((w) => w.terminate()).catch(() => {});
  return null;
}

/** At most this many restarts a minute; past that the thread stays stopped and `onGiveUp` is told. */
const RESTARTS_PER_MINUTE = 3;

export type ThreadOptions = {
  /** The thread stopped (a crash, out of memory) and was started again on its directory; queries go to it again. */
  onRestart?: (err: Error) => void;
  /**
   * The thread stopped and is not started again: it ran on a dump (nothing to reopen), stopped too often, or would not
   * start. Every query fails at once from then on (THREAD_STOPPED: 503), never waits; the server exits.
   */
  onGiveUp?: (err: Error) => void;
};

const stoppedError = (message: string) => Object.assign(new Error(message), { code: THREAD_STOPPED });

export class PGliteThread implements ThreadQueryable {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Resolves when the open transaction (if any) has ended. */
  private txDone: Promise<void> = Promise.resolve();
  private worker!: Worker;
  /** Counts the threads started: a transaction begun on one thread never sends to the next. */
  private generation = 0;
  private closing = false;
  private restarts: number[] = [];

  private constructor(
    private readonly from: Source,
    worker: Worker,
    private readonly options: ThreadOptions,
  ) {
    this.attach(worker);
  }

  /** On a data directory (the thread started early for it, if any), or (tests) in memory from a dumped one's bytes. */
  static async create(from: Source, options: ThreadOptions = {}): Promise<PGliteThread> {
    const started = typeof from === 'string' ? takeEarly(from) : null;
    return new PGliteThread(from, await (started ?? spawnThread(from)), options);
  }

  private attach(worker: Worker) {
    this.worker = worker;
    this.generation += 1;
    worker.on('message', (m: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(String(m.error.message)), m.error));
      else p.resolve(m.result);
    });
    worker.on('error', (err) => this.stopped(worker, stoppedError(`The PGlite thread failed: ${err.message}`)));
    worker.on('exit', (code) => this.stopped(worker, stoppedError(`The PGlite thread stopped (exit code ${code}).`)));
  }

  private dead: Error | null = null;

  /** The thread is gone: what waited on it fails now, and it is started again on its directory (within limits). */
  private stopped(worker: Worker, err: Error) {
    if (worker !== this.worker || this.dead) return;
    this.dead = err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (!this.closing) void this.restart(err);
  }

  private async restart(err: Error) {
    const now = Date.now();
    this.restarts = this.restarts.filter((at) => now - at < 60_000);
    if (typeof this.from !== 'string' || this.restarts.length >= RESTARTS_PER_MINUTE) {
      this.options.onGiveUp?.(err);
      return;
    }
    this.restarts.push(now);
    try {
      await this.worker.terminate();
      const worker = await spawnThread(this.from);
      if (this.closing) return void (await worker.terminate());
      this.attach(worker);
      this.dead = null;
      this.options.onRestart?.(err);
    } catch (failed) {
      this.options.onGiveUp?.(failed instanceof Error ? failed : err);
    }
  }

  private send<T>(message: Record<string, unknown>, generation = this.generation): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    if (generation !== this.generation)
      return Promise.reject(stoppedError('The PGlite thread stopped during this transaction.'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** What the thread is sent; `begin` opens a transaction first, in the same message (see transaction()). */
  private sender(begin: () => boolean, generation?: number): ThreadQueryable {
    return {
      query: (sql, params, opts) =>
        this.send({ op: 'query', sql, params, rowMode: opts?.rowMode, begin: begin() }, generation),
      exec: (sql) => this.send({ op: 'exec', sql, begin: begin() }, generation),
    };
  }

  private direct = this.sender(() => false);

  /** Statements and transactions waiting for the open transaction to end before they may be sent. */
  private waiting = 0;

  /**
   * PGlite's queue, for the metrics: statements sent to the thread and not yet answered (the one running included),
   * and statements and transactions waiting for the open transaction to end before they are sent.
   */
  queue(): { sent: number; waiting: number } {
    return { sent: this.pending.size, waiting: this.waiting };
  }

  private async waitFor(done: Promise<void>) {
    this.waiting += 1;
    try {
      await done;
    } finally {
      this.waiting -= 1;
    }
  }

  /** Waits until no transaction is open or queued: a query sent now runs outside any. */
  private async outsideTransactions() {
    for (;;) {
      const done = this.txDone;
      await done;
      if (done === this.txDone) return;
    }
  }

  async query<T = unknown>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<Results & { rows: T[] }> {
    await this.waitFor(this.outsideTransactions());
    return this.direct.query<T>(sql, params, opts);
  }

  async exec(sql: string): Promise<Results[]> {
    await this.waitFor(this.outsideTransactions());
    return this.direct.exec(sql);
  }

  async transaction<T>(fn: (tx: ThreadQueryable & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = this.txDone;
    this.txDone = previous.then(() => new Promise<void>((r) => (release = r)));
    await this.waitFor(previous);
    // The transaction begins with its first statement, in one message: a round trip less between the threads, while
    // every other transaction waits for this one. One that sends nothing has nothing to begin or commit.
    let begun = false;
    // Every statement of the transaction goes to the thread it began on: after a restart they fail instead.
    const generation = this.generation;
    const own = this.sender(() => !begun && (begun = true), generation);
    const tx = {
      ...own,
      rollback: async () => {
        if (begun) await this.send({ op: 'exec', sql: 'rollback' }, generation);
      },
    };
    let outcome: { result: T } | { error: unknown };
    try {
      outcome = { result: await fn(tx) };
    } catch (error) {
      outcome = { error };
    }
    // Its end is sent before the next transaction may send anything, and the thread runs messages in the order they
    // come: the next one starts without waiting for this answer (a round trip less of holding every other one up).
    const end = begun
      ? this.send<Results[]>({ op: 'exec', sql: 'error' in outcome ? 'rollback' : 'commit' }, generation)
      : Promise.resolve([]);
    release();
    if ('error' in outcome) {
      await end.catch(() => undefined);
      throw outcome.error;
    }
    await end;
    return outcome.result;
  }

  async close() {
    this.closing = true;
    await this.txDone;
    if (this.dead) return void (await this.worker.terminate());
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
