/**
 * Rebuilds the embedded dev chain's state after a restart (EDR keeps nothing on disk).
 *
 * Offers: replay(provider, rawTxs, opts?) → { sent, failed, ms }
 *   Sends each stored signed transaction, in order, with eth_sendRawTransaction on an
 *   automining chain: one transaction per block, so the same bytes in the same order give
 *   the same transaction hashes, block numbers, receipts (status, gas used, logs) and balances.
 *   Block timestamps (hence block hashes) are NOT reproduced: replayed blocks get the
 *   current wall-clock time.
 *   Order: the order the transactions were first broadcast (for one minter key: nonce order).
 *   A transaction the chain refuses (e.g. "nonce too low" for a duplicate) throws a
 *   ReplayError naming its index, unless opts.continueOnError collects it in `failed`.
 */
import { keccak256, type Hex } from 'viem';
import type { EdrEip1193 } from './edr-provider.js';

export type Eip1193Request = EdrEip1193['request'];
export type ReplayFailure = { index: number; hash: Hex; message: string };
export type ReplayResult = { sent: number; failed: ReplayFailure[]; ms: number };

export class ReplayError extends Error {
  constructor(readonly failure: ReplayFailure) {
    super(`replay of stored transaction #${failure.index} (${failure.hash}) failed: ${failure.message}`);
    this.name = 'ReplayError';
  }
}

export async function replay(
  provider: { request: Eip1193Request },
  rawTxs: readonly Hex[],
  opts: { continueOnError?: boolean } = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const failed: ReplayFailure[] = [];
  let sent = 0;
  for (let index = 0; index < rawTxs.length; index++) {
    const raw = rawTxs[index];
    try {
      await provider.request({ method: 'eth_sendRawTransaction', params: [raw] });
      sent++;
    } catch (err) {
      const failure = { index, hash: keccak256(raw), message: err instanceof Error ? err.message : String(err) };
      if (!opts.continueOnError) throw new ReplayError(failure);
      failed.push(failure);
    }
  }
  return { sent, failed, ms: performance.now() - started };
}
