import { describe, expect, it } from 'vitest';
import {
  confirmedHeight,
  cryptoPriceProblem,
  depositVerdict,
  fromWei,
  isPaid,
  orderAmountWei,
  refundShareWei,
  refundTransfer,
  toWei,
  weiOf,
} from '../../server/modules/payments/crypto/policy.js';
import { depositKeys, DEV_CRYPTO_MNEMONIC, DEV_FUNDED_ADDRESSES, devFundedAccounts } from '../../server/chain/hd.js';
import { english } from './said.js';

const ether = (s: string) => toWei(s);

describe('crypto amounts in wei', () => {
  it('decimal strings go to wei and back exactly, with no float', () => {
    expect(toWei('0.1')).toBe(10n ** 17n);
    expect(toWei('0.000000000000000001')).toBe(1n);
    expect(fromWei(toWei('123456789.123456789123456789'))).toBe('123456789.123456789123456789');
    expect(weiOf('250000000000000000')).toBe(ether('0.25'));
    expect(fromWei(ether('0.1') + ether('0.2'))).toBe('0.3');
  });

  it('the order amount is the products’ crypto prices × quantities, scaled by total / subtotal, rounded up to 8 decimals', () => {
    const lines = [{ title: 'A', qty: 3, priceCrypto: '0.12345678' }];
    expect(fromWei(orderAmountWei(lines, 30000, 30000))).toBe('0.37037034');
    // 10 % off: 0.1 × 0.9
    expect(fromWei(orderAmountWei([{ title: 'B', qty: 1, priceCrypto: '0.1' }], 10000, 9000))).toBe('0.09');
    // a third off rounds up, never down
    expect(fromWei(orderAmountWei([{ title: 'C', qty: 1, priceCrypto: '1' }], 300, 200))).toBe('0.66666667');
    // tax on top
    expect(fromWei(orderAmountWei([{ title: 'D', qty: 2, priceCrypto: '0.5' }], 1000, 1100))).toBe('1.1');
  });

  it('a product without a crypto price cannot be paid in crypto', () => {
    expect(english(cryptoPriceProblem([{ title: 'Free', qty: 1, priceCrypto: '0.00000000' }]))).toBe(
      '"Free" has no crypto price: pay for it another way.',
    );
    expect(cryptoPriceProblem([{ title: 'Gold', qty: 1, priceCrypto: '0.1' }])).toBeNull();
  });
});

describe('deposit verdicts', () => {
  const amount = ether('0.25');
  it.each([
    ['0', 'nothing'],
    ['0.1', 'under'],
    ['0.249999999999999999', 'under'],
    ['0.25', 'exact'],
    ['0.250000000000000001', 'over'],
    ['3', 'over'],
  ])('%s received of 0.25 → %s', (received, kind) => {
    const v = depositVerdict(amount, ether(received));
    expect(v.kind).toBe(kind);
    expect(isPaid(v)).toBe(kind === 'exact' || kind === 'over');
  });

  it('says what is missing and what is over, to the wei', () => {
    expect(depositVerdict(amount, ether('0.1'))).toEqual({
      kind: 'under',
      received: ether('0.1'),
      missing: ether('0.15'),
    });
    expect(depositVerdict(amount, amount + 1n)).toEqual({ kind: 'over', received: amount + 1n, over: 1n });
  });

  it('the confirmed height is head − confirmations + 1', () => {
    expect(confirmedHeight(10n, 1)).toBe(10n);
    expect(confirmedHeight(10n, 3)).toBe(8n);
    expect(confirmedHeight(1n, 3)).toBeNull();
  });
});

describe('refund shares', () => {
  it('shares are proportional to the cents and add up to exactly what was received (an overpayment goes back too)', () => {
    const received = ether('0.3000000000000001');
    const parts = [333, 333, 334];
    let refunded = 0;
    let total = 0n;
    for (const c of parts) {
      total += refundShareWei(received, 1000, refunded, c);
      refunded += c;
    }
    expect(total).toBe(received);
    expect(refundShareWei(ether('1'), 100, 0, 40)).toBe(ether('0.4'));
  });

  it('the transfer pays its own fee (21,000 gas at the price); a share not above the fee is refused', () => {
    expect(refundTransfer(ether('0.1'), 2_000_000_000n)).toEqual({
      valueWei: ether('0.1') - 42_000_000_000_000n,
      feeWei: 42_000_000_000_000n,
    });
    expect(refundTransfer(42_000_000_000_000n, 2_000_000_000n)).toHaveProperty('refused');
  });
});

describe('deposit keys', () => {
  it('derive stable, distinct addresses that are not the dev chain’s funded accounts', () => {
    const keys = depositKeys(DEV_CRYPTO_MNEMONIC);
    const a = keys.address(0);
    expect(keys.address(0)).toBe(a);
    expect(keys.address(1)).not.toBe(a);
    expect(keys.account(5).address).toBe(keys.address(5));
    const funded = devFundedAccounts().map((x) => x.address);
    expect(funded).toHaveLength(8); // #1–#8: #9 is the payout wallet
    expect(funded[0]).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8'); // Hardhat's account #1
    expect(funded).toEqual(DEV_FUNDED_ADDRESSES); // what the dev chain funds without deriving them
    for (let i = 0; i < 20; i++) expect(funded).not.toContain(keys.address(i));
    expect(() => keys.address(-1)).toThrow();
  });
});
