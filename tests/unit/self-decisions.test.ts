import { describe, expect, it } from 'vitest';
import { ownCommissionRefusal } from '../../server/modules/commissions/policy.js';
import { ownPointsRefusal, ownRedemptionRefusal } from '../../server/modules/membership/policy.js';
import {
  debugMintRefusal,
  isOwnWallet,
  mintApprovalRefusal,
  needsMintApproval,
  ownMintRefusal,
} from '../../server/modules/mint/policy.js';
import { ownMockOrderRefusal } from '../../server/modules/orders/policy.js';
import { ownRefundRefusal } from '../../server/modules/payments/policy.js';
import { approvalRefusal, dualControlRefusal, ownPayoutRefusal } from '../../server/modules/payouts/policy.js';
import { changeRefusal, selfChangeRefusal } from '../../server/modules/users/policy.js';
import { english } from './said.js';

describe('nobody decides where they are the beneficiary', () => {
  it('commissions: neither approved nor rejected by their referrer', () => {
    expect(english(ownCommissionRefusal('me', { referrerId: 'me' }, 'approved'))).toBe(
      'You cannot approve your own commission.',
    );
    expect(english(ownCommissionRefusal('me', { referrerId: 'me' }, 'rejected'))).toBe(
      'You cannot reject your own commission.',
    );
    expect(ownCommissionRefusal('me', { referrerId: 'you' }, 'approved')).toBeNull();
    expect(ownCommissionRefusal(null, { referrerId: 'me' }, 'approved')).toBeNull(); // the system
  });

  it('payouts: their recipient creates, approves, settles and pays none; their creator does not approve', () => {
    const mine = { recipientId: 'me', requestedBy: 'boss' };
    expect(english(ownPayoutRefusal('me', mine, 'create'))).toBe(
      'You cannot create a payout to yourself: ask another member of staff.',
    );
    expect(english(ownPayoutRefusal('me', mine, 'approve'))).toBe('You cannot approve a payout to yourself.');
    expect(english(ownPayoutRefusal('me', mine, 'settle'))).toBe(
      'You cannot settle a payout to yourself: ask another member of staff.',
    );
    expect(english(ownPayoutRefusal('me', mine, 'pay'))).toBe('You cannot pay a payout to yourself on chain.');
    expect(english(ownPayoutRefusal('boss', mine, 'approve'))).toBe(
      'You created this payout: another member of staff must approve it.',
    );
    for (const decision of ['create', 'settle', 'pay'] as const)
      expect(ownPayoutRefusal('boss', mine, decision)).toBeNull();
    expect(ownPayoutRefusal('other', mine, 'approve')).toBeNull();
    expect(ownPayoutRefusal(null, mine, 'settle')).toBeNull(); // the completer finishing a stored transfer
  });

  it('points and redemptions: not one’s own', () => {
    expect(english(ownPointsRefusal('me', 'me'))).toBe('You cannot add or remove your own points.');
    expect(ownPointsRefusal('me', 'you')).toBeNull();
    expect(english(ownRedemptionRefusal('me', { userId: 'me' }))).toBe(
      'You cannot decide your own redemption: ask another member of staff.',
    );
    expect(ownRedemptionRefusal('me', { userId: 'you' })).toBeNull();
  });

  it('test-paid orders: nobody makes one for themself', () => {
    expect(english(ownMockOrderRefusal('me', 'me'))).toBe(
      'You cannot make a test-paid order for yourself: ask another member of staff.',
    );
    expect(ownMockOrderRefusal('me', 'you')).toBeNull();
    expect(ownMockOrderRefusal(null, 'me')).toBeNull();
  });

  it('refunds: nobody refunds an order they bought, with their account or their email', () => {
    const me = { id: 'me', email: 'me@rwa.dev' };
    expect(english(ownRefundRefusal(me, { userId: 'me', customerEmail: 'other@rwa.dev' }))).toBe(
      'You cannot refund your own payment: ask another member of staff.',
    );
    expect(english(ownRefundRefusal(me, { userId: null, customerEmail: 'Me@RWA.dev' }))).toBe(
      'You cannot refund your own payment: ask another member of staff.',
    );
    expect(ownRefundRefusal(me, { userId: 'you', customerEmail: 'you@rwa.dev' })).toBeNull();
    expect(ownRefundRefusal(null, { userId: 'me', customerEmail: 'me@rwa.dev' })).toBeNull(); // a provider's own refund
  });

  it('users: nobody changes their own role or takes themself out of service; the last admin stays an admin', () => {
    const me = { id: 'me', role: 'admin', status: 'active' };
    expect(english(selfChangeRefusal('me', me, { role: 'finance' }))).toBe('You cannot change your own role.');
    expect(selfChangeRefusal('me', me, { role: 'admin' })).toBeNull(); // unchanged
    expect(english(selfChangeRefusal('me', me, { status: 'suspended' }))).toBe('You cannot suspend your own account.');
    expect(english(selfChangeRefusal('me', me, { status: 'inactive' }))).toBe(
      'You cannot deactivate your own account.',
    );
    expect(selfChangeRefusal('you', me, { role: 'finance' })).toBeNull();
    expect(english(changeRefusal(me, { role: 'finance' }, 1))).toBe(
      'This is the last active admin: make another user an active admin first.',
    );
    expect(changeRefusal(me, { role: 'finance' }, 2)).toBeNull();
  });

  it('manual mints: not approved by the one who asked nor by the one they mint to, and only while awaiting approval', () => {
    const to = (walletAddress: string, createdBy: string | null = 'me') => ({ createdBy, walletAddress });
    const wallet = '0x00000000000000000000000000000000000000aB';
    expect(english(ownMintRefusal(to(wallet), { id: 'me', wallet: null }))).toBe(
      'You asked for this mint: another member of staff must approve it.',
    );
    expect(ownMintRefusal(to(wallet), { id: 'you', wallet: null })).toBeNull();
    expect(ownMintRefusal(to(wallet, null), { id: 'you', wallet: null })).toBeNull();
    expect(ownMintRefusal(to(wallet), { id: 'you', wallet: '0x00000000000000000000000000000000000000cd' })).toBeNull();
    expect(english(ownMintRefusal(to(wallet), { id: 'you', wallet: wallet.toLowerCase() }))).toBe(
      'This mint goes to the wallet on your account: another member of staff must approve it.',
    );
    expect(mintApprovalRefusal('awaiting_approval')).toBeNull();
    expect(english(mintApprovalRefusal('queued'))).toBe(
      'This mint job is queued: only one awaiting approval can be approved.',
    );
  });

  it('the debug mint, which takes no reason and no second approver, runs only on the embedded dev chain', () => {
    expect(debugMintRefusal('dev')).toBeNull();
    expect(english(debugMintRefusal('rpc'))).toMatch(
      /^The debug mint runs only on the embedded dev chain: on this chain, use Mint Token/,
    );
    expect(debugMintRefusal(null)).not.toBeNull();
  });
});

describe('dual control', () => {
  it('a payout above the threshold needs an approval; at or below it, or approved, it may leave', () => {
    const payout = { amountCents: 10_001, currency: 'USD', approvedBy: null };
    expect(english(dualControlRefusal(payout, 10_000))).toBe(
      'This payout of 100.01 USD is above 100.00 USD: another member of staff must approve it before it is completed or paid on chain.',
    );
    expect(dualControlRefusal(payout, 10_001)).toBeNull();
    expect(dualControlRefusal({ ...payout, approvedBy: 'other' }, 0)).toBeNull();
    expect(dualControlRefusal({ ...payout, amountCents: 1 }, 0)).not.toBeNull(); // 0.00: every payout
  });

  it('a payout is approved while pending, once', () => {
    expect(approvalRefusal({ status: 'pending', approvedBy: null }, null)).toBeNull();
    expect(english(approvalRefusal({ status: 'pending', approvedBy: 'x' }, 'fin@rwa.dev'))).toBe(
      'This payout was already approved by fin@rwa.dev.',
    );
    expect(english(approvalRefusal({ status: 'completed', approvedBy: 'x' }, 'fin@rwa.dev'))).toBe(
      'A completed payout cannot be approved: only a pending one can.',
    );
  });

  const elsewhere = '0x2222222222222222222222222222222222222222';
  const mine = '0x52908400098527886E0F7030069857D2E4169EE7';
  const mint = (amount: string, walletAddress = elsewhere) => ({ amount, walletAddress });

  it('a manual mint of more units than the threshold waits for approval (any size of amount)', () => {
    expect(needsMintApproval(mint('100'), 100, null)).toBe(false);
    expect(needsMintApproval(mint('101'), 100, null)).toBe(true);
    expect(needsMintApproval(mint('1'), 0, null)).toBe(true);
    expect(needsMintApproval(mint('1'.padEnd(70, '0')), 1_000_000_000, null)).toBe(true);
    expect(needsMintApproval(mint('100'), 100, mine)).toBe(false); // someone else's wallet
  });

  it('a manual mint to the wallet on the asker’s account waits for approval whatever its amount, in any letter case', () => {
    expect(needsMintApproval(mint('1', mine), 100, mine)).toBe(true);
    expect(needsMintApproval(mint('1', mine.toLowerCase()), 100, mine)).toBe(true);
    expect(needsMintApproval(mint('1', mine), 1_000_000_000, mine.toLowerCase())).toBe(true);
    expect(isOwnWallet(mine.toLowerCase(), mine)).toBe(true);
    expect(isOwnWallet(elsewhere, mine)).toBe(false);
    expect(isOwnWallet(mine, null)).toBe(false); // no wallet on the account
    expect(isOwnWallet(mine, '')).toBe(false);
  });
});
