/**
 * The holders indexer's pure parts: logs → one row per token moved (a batch's ids each, other events none), where a
 * pass starts (the cursor's last REREAD blocks, further back when its block changed), and supply left in circulation
 * after a burn (a transfer to the zero address; RwaToken has no burn function yet, so only here).
 */
import { describe, expect, it } from 'vitest';
import { zeroAddress } from 'viem';
import { DEEP_REWIND, REREAD, startOf, transfersOf } from '../../server/modules/holders/indexer.js';
import { inCirculation } from '../../server/modules/holders/policy.js';

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const at = { blockNumber: 7n, transactionHash: '0xABC', logIndex: 3 };

describe('transfersOf', () => {
  it('a single transfer, a batch (one row per id) and a burn; other events give none', () => {
    const rows = transfersOf(1, '0xc', [
      { ...at, eventName: 'TransferSingle', args: { from: zeroAddress, to: A, id: 5n, value: 10n } },
      { ...at, logIndex: 4, eventName: 'TransferBatch', args: { from: A, to: B, ids: [5n, 6n], values: [2n, 1n] } },
      { ...at, logIndex: 5, eventName: 'TransferSingle', args: { from: B, to: zeroAddress, id: 5n, value: 1n } },
      { ...at, logIndex: 6, eventName: 'URI', args: { value: 'x', id: 5n } },
    ]);
    expect(rows.map((r) => [r.logIndex, r.batchIndex, r.tokenId, r.fromAddress, r.toAddress, r.amount])).toEqual([
      [3, 0, '5', zeroAddress, A.toLowerCase(), '10'],
      [4, 0, '5', A.toLowerCase(), B.toLowerCase(), '2'],
      [4, 1, '6', A.toLowerCase(), B.toLowerCase(), '1'],
      [5, 0, '5', B.toLowerCase(), zeroAddress, '1'],
    ]);
    expect(rows[0]).toMatchObject({ chainId: 1, contract: '0xc', blockNumber: 7, txHash: '0xabc' });
    const minted = rows.filter((r) => r.fromAddress === zeroAddress && r.tokenId === '5').map((r) => BigInt(r.amount));
    const burned = rows.filter((r) => r.toAddress === zeroAddress && r.tokenId === '5').map((r) => BigInt(r.amount));
    const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n).toString();
    expect(inCirculation(sum(minted), sum(burned))).toBe('9');
  });
});

describe('startOf', () => {
  it('from 0 without a cursor; the last REREAD blocks again; further back after a changed block; never past the head', () => {
    expect(startOf(null, true, 50)).toBe(0);
    expect(startOf(100, true, 120)).toBe(100 - (REREAD - 1));
    expect(startOf(300, false, 320)).toBe(300 - DEEP_REWIND);
    expect(startOf(3, true, 10)).toBe(0);
    expect(startOf(100, false, 40)).toBe(0);
    expect(inCirculation('1' + '0'.repeat(70), '1')).toBe('9'.repeat(70));
  });
});
