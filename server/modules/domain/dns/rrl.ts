/**
 * Response rate limiting per source address, for UDP, whose source can be forged: a token bucket of `perSecond`
 * replies a second (as many in a burst). Past it replies are dropped, except every `slip`-th, sent truncated (TC, no
 * records) so that a real client retries over TCP while a forged address never gets more than the query's size.
 * `perSecond` 0 turns it off; `slip` 0 drops every reply past the limit.
 */
export type RrlDecision = 'send' | 'slip' | 'drop';
export type RrlOptions = { perSecond: number; slip: number };

type Bucket = { tokens: number; at: number; limited: number };

export class ResponseRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private prunedAt = 0;

  constructor(
    private readonly options: RrlOptions,
    private readonly maxTracked = 10_000,
  ) {}

  decide(address: string, now: number): RrlDecision {
    const { perSecond, slip } = this.options;
    if (perSecond <= 0) return 'send';
    let bucket = this.buckets.get(address);
    if (!bucket) {
      if (this.buckets.size >= this.maxTracked) this.makeRoom(now);
      bucket = { tokens: perSecond, at: now, limited: 0 };
      this.buckets.set(address, bucket);
    }
    bucket.tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 'send';
    }
    bucket.limited += 1;
    return slip > 0 && bucket.limited % slip === 0 ? 'slip' : 'drop';
  }

  get tracked() {
    return this.buckets.size;
  }

  /** Forgets addresses idle for a second (their buckets are full again); at most once a second, else the oldest one. */
  private makeRoom(now: number) {
    if (now - this.prunedAt >= 1000) {
      this.prunedAt = now;
      for (const [address, bucket] of this.buckets) if (now - bucket.at >= 1000) this.buckets.delete(address);
    }
    if (this.buckets.size >= this.maxTracked) this.buckets.delete(this.buckets.keys().next().value!);
  }
}
