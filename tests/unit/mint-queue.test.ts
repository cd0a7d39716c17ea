import { describe, expect, it } from 'vitest';
import { mintStatusOf } from '../../src/common/mint';
import { isInAppLink, shortAddress, shortHash } from '../../src/admin/components/ids';
import { isSafeCount } from '../../src/admin/components/useMintFormat';
import { mintBody, txStateOf } from '../../src/admin/resources/mint-queue/constants';
import { titleKeyFor } from '../../src/admin/layout/nav';
import en from '../../src/admin/i18n/en';
import zh from '../../src/admin/i18n/zh';

describe('mint queue helpers', () => {
  it('shortens wallet addresses to head…tail and hashes to their first 10 characters', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef1234abcd')).toBe('0x1234…abcd');
    expect(shortAddress('0x12')).toBe('0x12');
    expect(shortAddress(null)).toBe('');
    expect(shortHash(`0x${'ab'.repeat(32)}`)).toBe('0xabababab');
  });

  it('renders unknown job statuses as queued', () => {
    expect(mintStatusOf('failed')).toBe('failed');
    expect(mintStatusOf('weird')).toBe('queued');
  });

  it('opens relative explorer links in the app and absolute ones outside', () => {
    expect(isInAppLink('/tx/0xabc')).toBe(true);
    expect(isInAppLink('https://sepolia.etherscan.io/tx/0xabc')).toBe(false);
    expect(isInAppLink('//evil.example/tx')).toBe(false);
  });

  it('sends the form as a trimmed address, digit strings and a trimmed reason', () => {
    expect(mintBody({ walletAddress: ' 0xabc ', tokenId: 1, amount: 3, note: ' For a partner ' })).toEqual({
      walletAddress: '0xabc',
      tokenId: '1',
      amount: '3',
      note: 'For a partner',
    });
    expect(mintBody({ walletAddress: '0xabc', tokenId: '2.0', amount: ' 7 ' })).toEqual({
      walletAddress: '0xabc',
      tokenId: '2',
      amount: '7',
      note: '',
    });
    // not a whole number: sent as typed, for the server to name the field
    expect(mintBody({ tokenId: 'x', amount: 1.5 })).toEqual({
      walletAddress: '',
      tokenId: 'x',
      amount: '1.5',
      note: '',
    });
  });

  it('groups only counts a float can hold exactly', () => {
    expect(isSafeCount('123456789012345')).toBe(true);
    expect(isSafeCount('1234567890123456')).toBe(false);
    expect(isSafeCount(42)).toBe(true);
  });

  it('reads the transaction state from the receipt', () => {
    expect(txStateOf({ receipt: null })).toBe('pending');
    expect(txStateOf({ receipt: { status: 'success', blockNumber: '1', gasUsed: '1', logs: 1 } })).toBe('success');
    expect(txStateOf({ receipt: { status: 'reverted', blockNumber: '1', gasUsed: '1', logs: 0 } })).toBe('reverted');
  });
});

describe('mint queue titles and texts', () => {
  it('titles /mint-queue from the menu and /tx pages as a transaction', () => {
    expect(titleKeyFor('/mint-queue')).toBe('app.menu.mint_queue');
    expect(titleKeyFor('/tx/0xabc')).toBe('resources.mint-queue.tx.title');
    expect(titleKeyFor('/nowhere')).toBe('app.menu.dashboard');
  });

  it('keeps the Mint Queue’s English sentences, with a Chinese text for each', () => {
    const m = en.resources['mint-queue'];
    expect(m.subtitle).toBe('Monitor and manage token minting operations');
    expect(m.empty).toBe('No mint jobs found');
    expect(m.load_failed).toBe('Failed to load mint jobs');
    expect(m.filters.all_statuses).toBe('All Status');
    expect([m.auto_refresh_on, m.auto_refresh_off]).toEqual(['Auto Refresh ON', 'Auto Refresh OFF']);
    expect([m.mint.submit, m.mint.submitting, m.mint.cancel, m.mint.wallet_placeholder]).toEqual([
      'Mint Token',
      'Minting...',
      'Cancel',
      '0x...',
    ]);
    expect(zh.resources['mint-queue'].worker_active).not.toBe(m.worker_active);
    expect(zh.resources['mint-queue'].fields.walletAddress).not.toBe(en.resources['mint-queue'].fields.walletAddress);
  });
});
