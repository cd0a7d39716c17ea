/**
 * PGlite in a worker thread: what drizzle's PGlite driver calls (`query`, `exec`, `transaction`) forwarded to the
 * database in pglite-thread-worker.mjs. One transaction at a time, as PGlite's own: while one is open, other queries
 * wait for it to end.
 */
import { Worker } from 'node:worker_threads';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Results = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** The code of the error every query gets once the thread has stopped (lib/errors.ts `isUnavailable`). */
export const THREAD_STOPPED = 'PGLITE_THREAD_STOPPED';

export type ThreadQueryable = {
  query<T = unknown>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<Results & { rows: T[] }>;
  exec(sql: string): Promise<Results[]>;
};

export class PGliteThread implements ThreadQueryable {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Resolves when the open transaction (if any) has ended. */
  private txDone: Promise<void> = Promise.resolve();

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: { id?: number; result?: unknown; error?: Record<string, unknown> }) => {
      if (m.id === undefined) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(String(m.error.message)), m.error));
      else p.resolve(m.result);
    });
    worker.on('error', (err) => this.fail(err));
    worker.on('exit', (code) =>
      this.fail(Object.assign(new Error(`The PGlite thread stopped (exit code ${code}).`), { code: THREAD_STOPPED })),
    );
  }

  /** On a data directory, or (tests) in memory from the bytes of a dumped one. */
  static async create(from: string | { dump: Uint8Array }): Promise<PGliteThread> {
    const workerData = typeof from === 'string' ? { dir: from } : { dump: from.dump };
    const worker = new Worker(new URL('./pglite-thread-worker.mjs', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The PGlite thread exited with ${code} before it was ready.`)));
    });
    return new PGliteThread(worker);
  }

  private dead: Error | null = null;

  private fail(err: Error) {
    this.dead ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** What the thread is sent; `begin` opens a transaction first, in the same message (see transaction()). */
  private sender(begin: () => boolean): ThreadQueryable {
    return {
      query: (sql, params, opts) =>
        this.send({ op: 'query', sql, params, rowMode: opts?.rowMode, rawDates: !!opts?.parsers, begin: begin() }),
      exec: (sql) => this.send({ op: 'exec', sql, begin: begin() }),
    };
  }

  private direct = this.sender(() => false);

  /** Waits until no transaction is open or queued: a query sent now runs outside any. */
  private async outsideTransactions() {
    for (;;) {
      const done = this.txDone;
      await done;
      if (done === this.txDone) return;
    }
  }

  async query<T = unknown>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<Results & { rows: T[] }> {
    await this.outsideTransactions();
    return this.direct.query<T>(sql, params, opts);
  }

  async exec(sql: string): Promise<Results[]> {
    await this.outsideTransactions();
    return this.direct.exec(sql);
  }

  async transaction<T>(fn: (tx: ThreadQueryable & { rollback(): Promise<void> }) => Promise<T>): Promise<T> {
    let release!: () => void;
    const previous = this.txDone;
    this.txDone = previous.then(() => new Promise<void>((r) => (release = r)));
    await previous;
    // The transaction begins with its first statement, in one message: a round trip less between the threads, while
    // every other transaction waits for this one. One that sends nothing has nothing to begin or commit.
    let begun = false;
    const tx = {
      ...this.sender(() => !begun && (begun = true)),
      rollback: async () => {
        if (begun) await this.direct.exec('rollback');
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
    const end = begun ? this.direct.exec('error' in outcome ? 'rollback' : 'commit') : Promise.resolve([]);
    release();
    if ('error' in outcome) {
      await end.catch(() => undefined);
      throw outcome.error;
    }
    await end;
    return outcome.result;
  }

  async close() {
    await this.txDone;
    await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
