/**
 * The holders indexer (issue 42, Holders and supply): reads the token contract's TransferSingle and TransferBatch logs
 * into `token_transfers` and keeps `token_balances` their sums, whoever sent them (our mints or a wallet's own
 * transfer). A cursor per chain and contract holds the last indexed block and its hash, so a restart resumes there.
 * Each pass reads the last REREAD blocks again and replaces what they said, so a reorganisation of a few blocks is
 * corrected; when the cursor's block is gone or has another hash it goes DEEP_REWIND blocks back. One transaction per
 * pass moves the cursor under `FOR UPDATE SKIP LOCKED`, checking it did not move meanwhile: two processes never count
 * a transfer twice. It runs beside the mint worker that holds the minter's lease (mint/runtime.ts, mint/worker-cli.ts),
 * so one process indexes; a failed pass backs off (startLoop).
 */
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { getAddress, zeroAddress, type Address, type Chain, type PublicClient, type Transport } from 'viem';
import { rwaTokenAbi } from '../../chain/contract.js';
import type { Db, Queryable } from '../../db/client.js';
import { products, tokenBalances, tokenIndexCursor, tokenTransfers } from '../../db/schema.js';
import { changed } from '../../lib/live.js';
import { startLoop } from '../../lib/loop.js';
import { messageOf } from '../../lib/errors.js';

/** Blocks read again each pass (and replaced): a reorganisation up to this deep is corrected by the next pass. */
export const REREAD = 6;
/** How far back a pass starts when the cursor's block is gone or changed (a deeper reorganisation, a new dev chain). */
export const DEEP_REWIND = 128;
/** Blocks read per pass at most; the rest waits for the next one. */
const BATCH = 2000;

export type IndexedChain = { chainId: number; publicClient: PublicClient<Transport, Chain>; tokenAddress: Address };
export type Transfer = typeof tokenTransfers.$inferInsert;
export type IndexPass = { from: number; to: number; transfers: number; changed: boolean } | null;
type Log = { info(msg: string): void; error(msg: string): void };

/** Where a pass starts: the cursor less REREAD − 1, further back when its block changed, never past the head. */
export function startOf(cursor: number | null, cursorHashMatches: boolean, head: number): number {
  if (cursor === null) return 0;
  const back = cursorHashMatches ? REREAD - 1 : DEEP_REWIND;
  return Math.max(0, Math.min(cursor, head) - back);
}

/** One row per token a log moved (a batch: one per id), addresses in lowercase. */
export function transfersOf(
  chainId: number,
  contract: string,
  logs: readonly { eventName: string; args: unknown; blockNumber: bigint; transactionHash: string; logIndex: number }[],
): Transfer[] {
  return logs.flatMap((log) => {
    const a = log.args as {
      from: Address;
      to: Address;
      id?: bigint;
      value?: bigint;
      ids?: bigint[];
      values?: bigint[];
    };
    if (log.eventName !== 'TransferSingle' && log.eventName !== 'TransferBatch') return []; // URI, roles…
    const single = log.eventName === 'TransferSingle';
    const ids = single ? [a.id!] : (a.ids ?? []);
    const values = single ? [a.value!] : (a.values ?? []);
    return ids.map((id, i) => ({
      chainId,
      contract,
      blockNumber: Number(log.blockNumber),
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.logIndex,
      batchIndex: i,
      tokenId: id.toString(),
      fromAddress: a.from.toLowerCase(),
      toAddress: a.to.toLowerCase(),
      amount: values[i]!.toString(),
    }));
  });
}

const keyOf = (t: Pick<Transfer, 'txHash' | 'logIndex' | 'batchIndex' | 'blockNumber' | 'amount' | 'tokenId'>) =>
  `${t.txHash}:${t.logIndex}:${t.batchIndex}:${t.blockNumber}:${t.tokenId}:${t.amount}`;

/** Sets the balances of `tokenIds` to the sums of their indexed transfers (zero balances are not kept). */
export async function rebuildBalances(tx: Queryable, chainId: number, contract: string, tokenIds: string[]) {
  if (tokenIds.length === 0) return;
  const ids = sql.join(
    tokenIds.map((id) => sql`${id}::numeric`),
    sql`, `,
  );
  await tx.execute(
    sql`delete from ${tokenBalances} where chain_id = ${chainId} and contract = ${contract} and token_id in (${ids})`,
  );
  await tx.execute(sql`
    insert into ${tokenBalances} (chain_id, contract, token_id, holder, balance)
    select ${chainId}, ${contract}, token_id, holder, sum(delta) from (
      select token_id, to_address as holder, amount as delta from ${tokenTransfers}
        where chain_id = ${chainId} and contract = ${contract} and token_id in (${ids})
      union all
      select token_id, from_address, -amount from ${tokenTransfers}
        where chain_id = ${chainId} and contract = ${contract} and token_id in (${ids})
    ) moved where holder <> ${zeroAddress} group by token_id, holder having sum(delta) <> 0`);
}

export class HoldersIndexer {
  readonly contract: string;
  constructor(
    private readonly db: Db,
    private readonly chain: IndexedChain,
  ) {
    this.contract = getAddress(chain.tokenAddress).toLowerCase();
  }

  /** One pass: the logs from the cursor's last REREAD blocks up to the head (BATCH at most), replacing what was stored. */
  async pass(): Promise<IndexPass> {
    const { db, contract } = this;
    const { chainId, publicClient } = this.chain;
    const head = Number(await publicClient.getBlockNumber());
    const [cursor] = await db
      .select()
      .from(tokenIndexCursor)
      .where(and(eq(tokenIndexCursor.chainId, chainId), eq(tokenIndexCursor.contract, contract)))
      .limit(1);
    let matches = true;
    if (cursor && cursor.blockNumber >= 0) {
      const block =
        cursor.blockNumber <= head ? await publicClient.getBlock({ blockNumber: BigInt(cursor.blockNumber) }) : null;
      matches = block?.hash === cursor.blockHash;
    }
    const from = startOf(cursor && cursor.blockNumber >= 0 ? cursor.blockNumber : null, matches, head);
    const to = Math.min(head, from + BATCH - 1);
    const logs = await publicClient.getContractEvents({
      address: this.chain.tokenAddress,
      abi: rwaTokenAbi,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    });
    const found = transfersOf(chainId, contract, logs);
    const endHash = (await publicClient.getBlock({ blockNumber: BigInt(to) })).hash;
    const inRange = and(
      eq(tokenTransfers.chainId, chainId),
      eq(tokenTransfers.contract, contract),
      gte(tokenTransfers.blockNumber, from),
    );
    return db.transaction(async (tx) => {
      await tx
        .insert(tokenIndexCursor)
        .values({ chainId, contract, blockNumber: -1, blockHash: '' })
        .onConflictDoNothing();
      const [held] = await tx
        .select()
        .from(tokenIndexCursor)
        .where(and(eq(tokenIndexCursor.chainId, chainId), eq(tokenIndexCursor.contract, contract)))
        .for('update', { skipLocked: true })
        .limit(1);
      // Another process holds the cursor, or moved it while this one read the logs: its pass counts, not this one.
      if (!held || held.blockNumber !== (cursor?.blockNumber ?? -1)) return null;
      const stored = await tx.select().from(tokenTransfers).where(inRange);
      const storedKeys = new Set(stored.map(keyOf));
      const inBoth = new Set(found.map(keyOf).filter((k) => storedKeys.has(k)));
      const same =
        held.blockNumber === to &&
        held.blockHash === endHash &&
        stored.map(keyOf).sort().join() === found.map(keyOf).sort().join();
      if (same) return { from, to, transfers: found.length, changed: false };
      await tx.delete(tokenTransfers).where(inRange);
      if (found.length > 0) await tx.insert(tokenTransfers).values(found);
      const touched = [...new Set([...stored, ...found].map((t) => t.tokenId))];
      await rebuildBalances(tx, chainId, contract, touched);
      // Transfers came or went: the products of their tokens change on screen (their holders and supply).
      const moved = [...new Set([...stored, ...found].filter((t) => !inBoth.has(keyOf(t))).map((t) => t.tokenId))];
      if (moved.length > 0) {
        const owners = await tx.select({ id: products.id }).from(products).where(inArray(products.tokenId, moved));
        for (const p of owners) changed('product', p.id);
      }
      await tx
        .update(tokenIndexCursor)
        .set({ blockNumber: to, blockHash: endHash, updatedAt: new Date() })
        .where(and(eq(tokenIndexCursor.chainId, chainId), eq(tokenIndexCursor.contract, contract)));
      return { from, to, transfers: found.length, changed: true };
    });
  }
}

/**
 * The indexer's loop: a pass at start and every `intervalMs` while `active()` (the mint worker beside it holds the
 * minter key's lease, so one process indexes); the database or the chain away → it backs off (startLoop).
 */
export function startHoldersIndexer(
  db: Db,
  chain: IndexedChain,
  intervalMs: number,
  log: Log,
  active: () => boolean = () => true,
) {
  const indexer = new HoldersIndexer(db, chain);
  const loop = startLoop(
    async () => {
      if (active()) await indexer.pass();
    },
    intervalMs,
    (err) => log.error(`holders indexer pass failed, tried again later: ${messageOf(err)}`),
    'holders_indexer',
  );
  return { indexer, nudge: loop.nudge, stop: loop.stop };
}
