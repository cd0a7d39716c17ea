/**
 * The worker's copy of the records: used while younger than FRESH_MS (500 ms) since the main thread read them; up to
 * STALE_MS it still answers while a fresh copy is asked for; past that (or once a write in this process marked it
 * stale) a query waits for the fresh copy, at most WAIT_MS, after which it is answered SERVFAIL. So a change made by
 * another process is served within a second, and one made here at once: the writes are counted in memory both threads
 * share (`writes`), read before each answer, so no query can overtake the news of a write made before it was sent.
 */
import type { RecordsMessage } from './protocol.js';
import type { ZoneIndex } from './zone-index.js';

const FRESH_MS = 500;
const STALE_MS = 900;
const WAIT_MS = 2000;
/** Queries waiting for a copy at once; more are answered SERVFAIL at once rather than held. */
const MAX_WAITING = 1000;

type Waiter = { resolve: (index: ZoneIndex | null) => void; timer: NodeJS.Timeout };

export class ZoneCopy {
  private index: ZoneIndex | null = null;
  private loadedAt = 0;
  private generation = -1;
  private writesSeen = 0;
  private heldSeq = -1;
  private askedAt = -Infinity;
  private readonly waiting = new Set<Waiter>();

  constructor(
    private readonly ask: (seq: number, generation: number) => void,
    private readonly build: (message: RecordsMessage) => ZoneIndex,
    /** The writes counted so far: a copy read before the latest one must not be used. */
    private readonly writes: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<ZoneIndex | null> | ZoneIndex {
    this.checkWrites();
    const age = this.now() - this.loadedAt;
    const current = this.index && this.heldSeq === this.writesSeen ? this.index : null;
    if (current && age < FRESH_MS) return current;
    this.refresh();
    if (current && age < STALE_MS) return current;
    if (this.waiting.size >= MAX_WAITING) return Promise.resolve(null);
    return new Promise((resolve) => {
      const waiter: Waiter = { resolve, timer: setTimeout(() => this.settle(waiter, null), WAIT_MS) };
      this.waiting.add(waiter);
    });
  }

  received(message: RecordsMessage) {
    this.checkWrites();
    this.askedAt = -Infinity;
    if (message.rows || message.generation !== this.generation || !this.index) {
      if (!message.rows) return this.refresh(true); // the held generation was not the one the main thread meant
      this.index = this.build(message);
      this.generation = message.generation;
    }
    this.loadedAt = message.loadedAt;
    this.heldSeq = message.seq;
    if (message.seq !== this.writesSeen) return this.refresh();
    for (const waiter of this.waiting) this.settle(waiter, this.index);
  }

  failed() {
    this.askedAt = -Infinity;
    for (const waiter of this.waiting) this.settle(waiter, null);
  }

  private checkWrites() {
    const writes = this.writes();
    if (writes === this.writesSeen) return;
    this.writesSeen = writes;
    this.askedAt = -Infinity;
  }

  /** One request at a time (another after WAIT_MS if none came back); `anew` forgets the held generation. */
  private refresh(anew = false) {
    if (anew) this.generation = -1;
    const now = this.now();
    if (now - this.askedAt < WAIT_MS) return;
    this.askedAt = now;
    this.ask(this.writesSeen, this.generation);
  }

  private settle(waiter: Waiter, index: ZoneIndex | null) {
    clearTimeout(waiter.timer);
    this.waiting.delete(waiter);
    waiter.resolve(index);
  }
}
