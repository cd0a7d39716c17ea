import { describe, expect, it } from 'vitest';
import type { Hex } from 'viem';
import { decideTransfer } from '../../server/chain/native-transfer.js';
import { inFlightRefusal, onchainRefusal, tokenWei } from '../../server/modules/payouts/policy.js';
import { english } from './said.js';

describe('tokenWei: a payout’s amount in wei at a rate of tokens per 1.00', () => {
  it('is exact in integers and rounds down to the wei', () => {
    expect(tokenWei(1000, '0.0004')).toBe(4_000_000_000_000_000n); // 10.00 × 0.0004 = 0.004
    expect(tokenWei(1, '1')).toBe(10_000_000_000_000_000n); // 0.01 token
    expect(tokenWei(1, '0.000000000000000001')).toBe(0n); // 0.01 × 1 wei rounds down
    expect(tokenWei(12345, '3.123456789012345678')).toBe((12345n * 3_123_456_789_012_345_678n) / 100n);
    expect(() => tokenWei(1, '1e-3')).toThrow();
  });
});

describe('onchainRefusal', () => {
  const ok = {
    status: 'pending',
    recipient: 'a@x.dev',
    wallet: '0x0000000000000000000000000000000000000001',
    transferState: null,
    claimed: false,
    rate: '0.0004',
    signerReady: true,
  };
  it('lets a pending payout with a wallet, a rate and a signer go', () => expect(onchainRefusal(ok)).toBeNull());
  it('names each reason with its status', () => {
    expect(onchainRefusal({ ...ok, status: 'completed' })).toMatchObject({ status: 409, code: 'illegal_transition' });
    expect(onchainRefusal({ ...ok, claimed: true })).toMatchObject({ status: 409, code: 'transfer_in_progress' });
    expect(onchainRefusal({ ...ok, wallet: null })).toMatchObject({ status: 422, code: 'no_wallet' });
    expect(onchainRefusal({ ...ok, rate: null })).toMatchObject({ status: 422, code: 'no_token_rate' });
    expect(onchainRefusal({ ...ok, signerReady: false })).toMatchObject({ status: 503, code: 'chain_unavailable' });
  });
  it('a stored transfer is retried even when the wallet or the rate has since gone', () => {
    expect(onchainRefusal({ ...ok, transferState: 'signed', wallet: null, rate: null })).toBeNull();
    expect(english(inFlightRefusal('sent', '0xabc'))).toContain('may still be mined');
    expect(inFlightRefusal('mined', '0xabc')).toBeNull();
    expect(inFlightRefusal(null, null)).toBeNull();
  });
});

describe('decideTransfer: a stored transfer is finished, re-sent byte for byte, or found lost; never signed again', () => {
  const stored = { nonce: 4, signedTx: '0x02' as Hex, txHash: '0xaa' as Hex };
  it('a receipt ends it', () => {
    expect(
      decideTransfer(stored, { receipt: { status: 'success', blockNumber: 9n }, confirmedTxCount: 5, txKnown: true }),
    ).toEqual({ action: 'done', status: 'success', blockNumber: 9n });
    expect(
      decideTransfer(stored, { receipt: { status: 'reverted', blockNumber: 9n }, confirmedTxCount: 5, txKnown: true }),
    ).toMatchObject({ status: 'reverted' });
  });
  it('known to the node: wait; unknown with the nonce unused: re-send; nonce used by another: lost', () => {
    expect(decideTransfer(stored, { receipt: null, confirmedTxCount: 4, txKnown: true })).toEqual({ action: 'wait' });
    expect(decideTransfer(stored, { receipt: null, confirmedTxCount: 4, txKnown: false })).toEqual({
      action: 'rebroadcast',
    });
    expect(decideTransfer(stored, { receipt: null, confirmedTxCount: 5, txKnown: false })).toMatchObject({
      action: 'lost',
    });
  });
});
