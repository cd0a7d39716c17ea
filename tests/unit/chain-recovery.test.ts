import { describe, expect, it } from 'vitest';
import type { ChainFacts } from '../../server/chain/mint.js';
import { decideRecovery, type StoredMintTx } from '../../server/modules/mint/recovery.js';

const HASH = `0x${'ab'.repeat(32)}` as const;
const stored: StoredMintTx = { nonce: 7, signedTx: '0x02f8', txHash: HASH };
const facts = (over: Partial<ChainFacts>): ChainFacts => ({
  receipt: null,
  confirmedTxCount: 7,
  txKnown: false,
  ...over,
});

describe('decideRecovery: never mint twice', () => {
  it('signs a new transaction only when nothing was stored', () => {
    expect(decideRecovery({ nonce: null, signedTx: null, txHash: null }, facts({})).action).toBe('sign');
  });

  it('refuses a half-stored transaction instead of guessing', () => {
    expect(() => decideRecovery({ nonce: 7, signedTx: null, txHash: HASH }, facts({}))).toThrow(/partially stored/);
    expect(() => decideRecovery({ nonce: null, signedTx: '0x02', txHash: HASH }, facts({}))).toThrow(
      /partially stored/,
    );
  });

  it.each([
    ['success', 'success'],
    ['reverted', 'failed'],
  ] as const)('a %s receipt means done/%s, whatever the nonce says', (status, outcome) => {
    for (const confirmedTxCount of [5, 7, 8, 100]) {
      const d = decideRecovery(
        stored,
        facts({ receipt: { status, blockNumber: 42n }, confirmedTxCount, txKnown: true }),
      );
      expect(d).toMatchObject({ action: 'done', outcome, blockNumber: 42n });
    }
  });

  it('waits while the node knows the transaction but has no receipt (pending or lagging)', () => {
    expect(decideRecovery(stored, facts({ txKnown: true, confirmedTxCount: 7 })).action).toBe('wait');
    expect(decideRecovery(stored, facts({ txKnown: true, confirmedTxCount: 3 })).action).toBe('wait');
    expect(decideRecovery(stored, facts({ txKnown: true, confirmedTxCount: 8 })).action).toBe('wait');
  });

  it('rebroadcasts the same bytes when the node lost the transaction and the nonce is unused', () => {
    expect(decideRecovery(stored, facts({ confirmedTxCount: 7 })).action).toBe('rebroadcast');
    // An earlier nonce is still outstanding: ours stays unused, resending is still safe.
    expect(decideRecovery(stored, facts({ confirmedTxCount: 5 })).action).toBe('rebroadcast');
  });

  it('fails loudly when the nonce was consumed by a transaction that is not ours', () => {
    const d = decideRecovery(stored, facts({ confirmedTxCount: 8 }));
    expect(d.action).toBe('nonce-consumed-by-other');
    expect(d.reason).toMatch(/Nonce 7 .* not re-signed/);
  });

  it('never answers sign for a job that has a stored transaction', () => {
    for (const receipt of [null, { status: 'success' as const, blockNumber: 1n }]) {
      for (const txKnown of [true, false]) {
        for (const confirmedTxCount of [0, 6, 7, 8, 1000]) {
          expect(decideRecovery(stored, { receipt, txKnown, confirmedTxCount }).action).not.toBe('sign');
        }
      }
    }
  });
});
