/**
 * The mint worker: one owner per minter key (a lease row in mint_workers, renewed by the heartbeat),
 * draining due jobs in batches.
 *
 * A pass: claim due jobs → jobs with a stored transaction go through decideRecovery (receipt, wait,
 * re-broadcast the same bytes, or fail loudly) → new jobs are signed with consecutive nonces, stored
 * (one transaction, fenced by the lease) and only then broadcast → receipts are recorded. A crash at any
 * point leaves either nothing signed, or a stored transaction that the next pass (or the next owner)
 * finishes without ever signing a second one.
 */
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { getAddress, type Address, type Hex } from 'viem';
import type { Db } from '../../db/client.js';
import {
  broadcast,
  currentFees,
  observeJob,
  pendingNonce,
  receiptOf,
  revertErrorName,
  revertReason,
  signMint,
  type MintContext,
} from '../../chain/mint.js';
import {
  acquireLease,
  claimDueJobs,
  highestStoredNonce,
  LeaseLostError,
  minterKey,
  recordOutcomes,
  releaseLease,
  renewLease,
  storeSigned,
  type MintJobRow,
  type MinterIdentity,
  type OrderMinted,
  type SignedForJob,
} from './queue.js';
import { mark, onInvalidation, publishSince } from '../../lib/invalidation.js';
import { parseChange } from '../../lib/live.js';
import { changed } from '../../lib/live.js';
import { tokensMinted, tokensRedeemed } from '../metrics/business.js';
import { backoffMs } from '../../lib/loop.js';
import { loopFailed, loopPassed, loopStarted } from '../../lib/loop-health.js';
import { onMintQueued } from './enqueue.js';
import {
  minedOutcome,
  rebroadcastFailed,
  WAIT_FOR_VERIFIED_SECONDS,
  WAITS_FOR_VERIFIED_HOLDER,
  type Outcome,
} from './policy.js';
import { describeCall, desiredAllowlist, syncAllowlist } from './allowlist.js';
import { decideRecovery, hasStoredTx } from './recovery.js';
import { syncContractUris, uriKey } from './contract-uris.js';

/** A log line's words, and fields for a JSON line (`reqId`: the request that queued the work). */
export type WorkerLog = {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
};

export type MintWorkerOptions = {
  db: Db;
  chain: MintContext;
  log: WorkerLog;
  /** Jobs per pass. */
  batchSize?: number;
  /** How often to look for due jobs when nothing wakes the worker. */
  pollMs?: number;
  heartbeatMs?: number;
  /** Seconds before a broadcast transaction without a receipt is looked at again (0 on an automining dev chain). */
  receiptDelaySeconds?: number;
  /** Called inside the transaction that records a job's success, for each order whose jobs just succeeded. */
  onOrderMinted?: OrderMinted;
  /**
   * Keep the contract's base URI and contractURI at this site, and its verified-holder allowlist and restrictions as
   * the database says (default true; tests of nonces may turn it off).
   */
  syncUris?: boolean;
  /** Test hook: called between the steps of a pass; throwing there simulates a crash. */
  onStep?: (step: 'stored' | 'broadcast', jobIds: string[]) => void | Promise<void>;
};

/**
 * The records whose audited changes can change the allowlist (allowlist.ts desiredAllowlist): a user's KYC, status or
 * wallet, a KYC decision, a product's switch, token or freezes. Each audited change is announced on the invalidation
 * bus (lib/live.ts), in this process and from the others.
 */
const ALLOWLIST_INPUTS = new Set(['user', 'kyc', 'product']);
/** The allowlist is read again this often without an announced change: one made outside the app (SQL, a restore). */
const ALLOWLIST_RESYNC_MS = 60_000;

const message = (err: unknown) =>
  err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err);

export class MintWorker {
  readonly owner = randomUUID();
  readonly who: MinterIdentity;
  private readonly host = `${os.hostname()}:${process.pid}`;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;
  private readonly receiptDelay: number;
  private running = false;
  private ownsLease = false;
  private processed = 0;
  private lastError: string | null = null;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The wanted URIs the chain was last found to say (or last failed on), and when a failure may be tried again. */
  private urisSynced: string | null = null;
  private urisRetryAt = 0;
  /** The same for the verified-holder allowlist and the tokens' restrictions (allowlist.ts). */
  private allowlistSynced: string | null = null;
  private allowlistRetryAt = 0;
  /**
   * Whether what the allowlist follows may have changed since it was last read (ALLOWLIST_INPUTS), and when that was:
   * it is read again on such a change or after ALLOWLIST_RESYNC_MS, not on every pass (it reads every wallet).
   */
  private allowlistDirty = true;
  private allowlistReadAt = 0;
  private unlisten: (() => void) | null = null;

  constructor(private readonly opts: MintWorkerOptions) {
    const { chain } = opts;
    this.who = {
      key: minterKey(chain.chainId, chain.account.address),
      chainId: chain.chainId,
      minter: getAddress(chain.account.address),
      contract: getAddress(chain.tokenAddress),
    };
    this.batchSize = opts.batchSize ?? 50;
    this.pollMs = opts.pollMs ?? 1000;
    this.heartbeatMs = opts.heartbeatMs ?? 5000;
    this.receiptDelay = opts.receiptDelaySeconds ?? 2;
  }

  start() {
    if (this.running) return this;
    this.running = true;
    loopStarted('mint_worker');
    this.unsubscribe = onMintQueued(() => this.wake());
    this.unlisten = onInvalidation((event) => {
      const change = parseChange(event);
      if (event === 'all' || (change && ALLOWLIST_INPUTS.has(change.entity))) this.allowlistDirty = true;
    });
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    this.loop = this.run();
    return this;
  }

  wake() {
    this.wakeUp?.();
  }

  async stop() {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.unlisten?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.wake();
    await this.loop;
    if (this.ownsLease) await releaseLease(this.opts.db, this.who.key, this.owner).catch(() => undefined);
    this.ownsLease = false;
  }

  /** Whether this worker holds its minter key's lease (the holders indexer runs only beside the one that does). */
  get leased(): boolean {
    return this.ownsLease;
  }

  /** Takes the minter key's lease if it is free or lapsed (run() does this; tests driving runOnce() call it). */
  async claimLease(): Promise<boolean> {
    this.ownsLease = await acquireLease(this.opts.db, this.who, this.owner, this.host);
    return this.ownsLease;
  }

  private async beat() {
    if (!this.ownsLease) return;
    try {
      this.ownsLease = await renewLease(this.opts.db, this.who.key, this.owner, this.processed, this.lastError);
    } catch (err) {
      this.opts.log.warn(`mint worker heartbeat failed: ${message(err)}`);
    }
  }

  private async run() {
    let failures = 0;
    while (this.running) {
      let busy = false;
      try {
        if (!this.ownsLease && (await this.claimLease())) {
          this.opts.log.info(`mint worker owns minter ${this.who.minter} on chain ${this.who.chainId}`);
        }
        if (this.ownsLease) {
          const before = mark();
          // First the allowlist: a mint waiting for its wallet to be verified goes out in the same pass.
          if (this.opts.syncUris !== false && this.allowlistDue()) await this.syncAllowlist();
          busy = (await this.runOnce()) > 0;
          if (this.opts.syncUris !== false) await this.syncUris();
          await publishSince(before); // fulfilled orders: other processes' counts see them
        }
        failures = 0;
        loopPassed('mint_worker');
      } catch (err) {
        loopFailed('mint_worker', err);
        if (err instanceof LeaseLostError) this.ownsLease = false;
        else failures += 1; // the database or the chain away: ask again later and later (backoffMs)
        this.lastError = message(err);
        this.opts.log.error(`mint worker: ${this.lastError}`);
      }
      if (this.running && !busy) await this.sleep(backoffMs(this.pollMs, failures));
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    }).finally(() => {
      this.wakeUp = null;
    });
  }

  /**
   * Points the contract at this site when what it should say changed (start, a new Site URL): one look at the chain,
   * then at most one stored transaction per URI. A failure (the key without the admin role, the node away) is logged
   * and tried again a minute later, not on every pass.
   */
  async syncUris(): Promise<void> {
    const { db, chain, log } = this.opts;
    if (Date.now() < this.urisRetryAt) return;
    const key = await uriKey(db);
    if (key === this.urisSynced) return;
    try {
      const { inSync, sent } = await syncContractUris(db, chain, this.who, this.owner);
      for (const setting of sent)
        log.info(`${setting === 'base' ? "the tokens' base URI" : 'the contract URI'} set to this site`, { uris: key });
      if (inSync) this.urisSynced = key;
    } catch (err) {
      if (err instanceof LeaseLostError) throw err;
      log.warn(`contract URIs not set: ${message(err)}; tried again in a minute`);
      this.urisRetryAt = Date.now() + 60_000;
    }
  }

  /**
   * Sets the contract's allowlist and restrictions as the database wants when that changed (a KYC decision, a
   * suspension, a product's switch or tokenisation): one look at the chain, then at most one stored transaction per
   * setting. A failure is logged and tried again a minute later.
   */
  async syncAllowlist(): Promise<void> {
    const { db, chain, log } = this.opts;
    if (Date.now() < this.allowlistRetryAt) return;
    // Cleared before the read: a change announced while it runs is read on the next pass.
    this.allowlistDirty = false;
    this.allowlistReadAt = Date.now();
    const desired = await desiredAllowlist(db, chain.tokenAddress).catch((err: unknown) => {
      this.allowlistDirty = true;
      throw err;
    });
    const key = JSON.stringify(desired);
    if (key === this.allowlistSynced) return;
    try {
      const { inSync, sent } = await syncAllowlist(db, chain, this.who, this.owner, desired);
      for (const call of sent) log.info(describeCall(call));
      if (inSync) this.allowlistSynced = key;
      // Calls sent or still unmined: look again on the next pass until the chain says what the database wants.
      else this.allowlistDirty = true;
    } catch (err) {
      if (err instanceof LeaseLostError) throw err;
      log.warn(`verified-holder allowlist not set: ${message(err)}; tried again in a minute`);
      this.allowlistRetryAt = Date.now() + 60_000;
    }
  }

  private allowlistDue() {
    return this.allowlistDirty || Date.now() - this.allowlistReadAt >= ALLOWLIST_RESYNC_MS;
  }

  /** One pass over due jobs; returns how many it looked at. Public for tests and the benchmark. */
  async runOnce(): Promise<number> {
    const { db } = this.opts;
    const jobs = await claimDueJobs(db, this.who, this.owner, this.batchSize);
    if (jobs.length === 0) return 0;
    for (const job of jobs) if (job.wasQueued) changed('mint_job', job.id); // now processing (lib/live.ts)
    const outcomes: Outcome[] = [];
    const toObserve: MintJobRow[] = [];

    for (const job of jobs.filter((j) => hasStoredTx(asStored(j)))) {
      const facts = await observeJob(this.opts.chain, { txHash: job.txHash as Hex });
      const decision = decideRecovery(asStored(job), facts);
      if (decision.action === 'done') outcomes.push(minedOutcome(job, decision.outcome, decision.blockNumber));
      else if (decision.action === 'wait')
        outcomes.push({ jobId: job.id, kind: 'later', delaySeconds: Math.max(1, this.receiptDelay) });
      else if (decision.action === 'nonce-consumed-by-other')
        outcomes.push({ jobId: job.id, kind: 'failed', error: decision.reason, dropStoredTx: true });
      else if (decision.action === 'rebroadcast') {
        const attempts = job.attempts + 1;
        try {
          await broadcast(this.opts.chain, job.signedTx as Hex);
          toObserve.push({ ...job, attempts });
        } catch (err) {
          outcomes.push(rebroadcastFailed(job.id, attempts, `Broadcast failed: ${message(err)}`));
        }
      }
    }

    const fresh = jobs.filter((j) => !hasStoredTx(asStored(j)));
    const signed = await this.signAll(fresh, outcomes);
    await storeSigned(db, this.who, this.owner, signed);
    await this.opts.onStep?.(
      'stored',
      signed.map((s) => s.jobId),
    );
    for (const s of signed) {
      const job = fresh.find((j) => j.id === s.jobId)!;
      try {
        await broadcast(this.opts.chain, s.signedTx as Hex);
        toObserve.push({ ...job, ...s });
      } catch (err) {
        // Stored, so never re-signed: the next pass re-broadcasts the same bytes or finds them mined.
        outcomes.push({ jobId: job.id, kind: 'later', delaySeconds: 1, error: `Broadcast failed: ${message(err)}` });
      }
    }
    await this.opts.onStep?.(
      'broadcast',
      toObserve.map((j) => j.id),
    );

    for (const job of toObserve) {
      const receipt = await receiptOf(this.opts.chain, job.txHash as Hex);
      if (receipt)
        outcomes.push(minedOutcome(job, receipt.status === 'success' ? 'success' : 'failed', receipt.blockNumber));
      else
        outcomes.push({
          jobId: job.id,
          kind: 'later',
          delaySeconds: Math.max(1, this.receiptDelay),
          attempts: job.attempts,
        });
    }
    await recordOutcomes(db, this.who, this.owner, outcomes, this.opts.onOrderMinted);
    this.logOutcomes(jobs, outcomes);
    const byId = new Map(jobs.map((j) => [j.id, j]));
    // Only what the screens show moved: a job put off again as it was (a wallet waiting for KYC, looked at every few
    // seconds for days) would have every open screen read the queue and the dashboard again each time.
    const sent = new Set(signed.map((x) => x.jobId));
    const unchanged = new Set(
      outcomes
        .filter((o) => o.kind === 'later' && !o.attempts && (!o.error || o.error === byId.get(o.jobId)?.lastError))
        .map((o) => o.jobId),
    );
    for (const job of jobs) {
      if (!job.wasQueued && !sent.has(job.id) && unchanged.has(job.id)) continue;
      changed('mint_job', job.id);
      if (job.orderId) changed('order', job.orderId); // its mints are shown on the order (the shop's order page)
    }
    const succeeded = new Set(outcomes.filter((o) => o.kind === 'succeeded').map((o) => o.jobId));
    this.processed += succeeded.size;
    for (const job of jobs)
      if (succeeded.has(job.id)) (job.kind === 'redeem' ? tokensRedeemed : tokensMinted).inc(Number(job.amount));
    this.lastError = null;
    return jobs.length;
  }

  /**
   * One line per job the pass settled or failed, with the id of the request that queued it. A job put off again for the
   * reason it already had (a wallet waiting for KYC, for days) is not told again at each pass.
   */
  private logOutcomes(jobs: MintJobRow[], outcomes: Outcome[]) {
    const byId = new Map(jobs.map((j) => [j.id, j]));
    for (const o of outcomes) {
      const job = byId.get(o.jobId);
      const fields = { mintJobId: o.jobId, reqId: job?.requestId ?? undefined, orderId: job?.orderId ?? undefined };
      if (o.kind === 'succeeded')
        this.opts.log.info(
          `mint job ${o.jobId} ${job?.kind === 'redeem' ? 'burned' : 'minted'} in block ${o.blockNumber}`,
          fields,
        );
      else if (o.kind === 'later') {
        if (o.error && o.error !== job?.lastError)
          this.opts.log.warn(`mint job ${o.jobId}: ${o.error}; tried again later`, fields);
      } else this.opts.log.warn(`mint job ${o.jobId} ${o.kind}: ${o.error}`, fields);
    }
  }

  /** Signs new jobs with consecutive nonces; a job whose mint would revert is not signed and backs off. */
  private async signAll(fresh: MintJobRow[], outcomes: Outcome[]): Promise<SignedForJob[]> {
    if (fresh.length === 0) return [];
    const { chain, db } = this.opts;
    const [fees, nodeNonce, stored] = await Promise.all([
      currentFees(chain),
      pendingNonce(chain),
      highestStoredNonce(db, this.who.chainId, this.who.minter),
    ]);
    let nonce = Math.max(nodeNonce, stored === null ? 0 : stored + 1);
    const signed: SignedForJob[] = [];
    for (const job of fresh) {
      const attempts = job.attempts + 1;
      try {
        const tx = await signMint(
          chain,
          {
            to: job.walletAddress as Address,
            tokenId: BigInt(job.tokenId),
            amount: BigInt(job.amount),
            nonce,
            redeem: job.kind === 'redeem',
          },
          fees,
        );
        signed.push({ jobId: job.id, nonce, signedTx: tx.signedTx, txHash: tx.txHash, attempts });
        nonce++;
      } catch (err) {
        if (revertErrorName(err) === 'HolderNotVerified') {
          // Not a failure: the job waits, its attempts untouched, until the wallet is on the allowlist.
          outcomes.push({
            jobId: job.id,
            kind: 'later',
            delaySeconds: WAIT_FOR_VERIFIED_SECONDS,
            error: WAITS_FOR_VERIFIED_HOLDER,
          });
          continue;
        }
        outcomes.push({
          jobId: job.id,
          kind: 'attempt-failed',
          attempts,
          error: `The ${job.kind === 'redeem' ? 'burn' : 'mint'} would fail: ${revertReason(err)}.`,
        });
      }
    }
    return signed;
  }
}

const asStored = (j: MintJobRow) => ({
  nonce: j.nonce,
  signedTx: j.signedTx as Hex | null,
  txHash: j.txHash as Hex | null,
});
