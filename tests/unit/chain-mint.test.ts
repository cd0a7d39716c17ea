import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChain, type ChainContext } from '../../server/chain/client.js';
import { readBalance } from '../../server/chain/contract.js';
import { broadcast, observeJob, pendingNonce, signMint } from '../../server/chain/mint.js';
import { decideRecovery } from '../../server/modules/mint/recovery.js';

const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
let ctx: ChainContext;

beforeAll(async () => {
  ctx = await connectChain({ mode: 'dev', chainId: 31337, devPort: 0 });
}, 20_000);
afterAll(() => ctx?.close());

describe('mint job recovery against the dev chain', () => {
  it('a job stored but never broadcast is re-broadcast with the same bytes, then done', async () => {
    const job = await signMint(ctx, { to: HOLDER, tokenId: 5n, amount: 2n, nonce: await pendingNonce(ctx) });
    // "crash" between storing and broadcasting
    expect(decideRecovery(job, await observeJob(ctx, job)).action).toBe('rebroadcast');
    expect(await broadcast(ctx, job.signedTx)).toBe(job.txHash);
    const after = decideRecovery(job, await observeJob(ctx, job));
    expect(after).toMatchObject({ action: 'done', outcome: 'success' });
    expect(await readBalance(ctx.publicClient, ctx.tokenAddress, HOLDER, 5n)).toBe(2n);
  });

  it('a job whose nonce was taken by another transaction is flagged, not re-signed', async () => {
    const nonce = await pendingNonce(ctx);
    const job = await signMint(ctx, { to: HOLDER, tokenId: 6n, amount: 1n, nonce });
    const other = await signMint(ctx, { to: HOLDER, tokenId: 6n, amount: 7n, nonce });
    await broadcast(ctx, other.signedTx);
    expect(decideRecovery(job, await observeJob(ctx, job)).action).toBe('nonce-consumed-by-other');
    // The stored bytes can no longer be mined: the job cannot mint twice.
    await expect(broadcast(ctx, job.signedTx)).rejects.toThrow(/nonce/i);
    expect(await readBalance(ctx.publicClient, ctx.tokenAddress, HOLDER, 6n)).toBe(7n);
  });
});
