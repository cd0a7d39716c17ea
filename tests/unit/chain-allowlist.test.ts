import { createWalletClient, custom, decodeEventLog, type Address, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChain, type ChainContext } from '../../server/chain/client.js';
import { readBalance, readFrozen, readRestricted, readVerified, rwaTokenAbi } from '../../server/chain/contract.js';
import { devFundedAccounts } from '../../server/chain/hd.js';
import { pendingNonce, revertReason, signMint } from '../../server/chain/mint.js';
import { decideAllowlistSync, type AllowlistState } from '../../server/modules/mint/allowlist.js';

// Restricted token 10 (bond-like), unrestricted token 11 (a collectible), token 12 for freezes.
const BOND = 10n;
const FREE = 11n;
let ctx: ChainContext;
let alice: PrivateKeyAccount; // verified
let bob: PrivateKeyAccount; // verified
let carol: PrivateKeyAccount; // never verified

beforeAll(async () => {
  ctx = await connectChain({ mode: 'dev', chainId: 31337, devPort: null });
  [alice, bob, carol] = devFundedAccounts();
}, 20_000);
afterAll(() => ctx?.close());

const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: ctx.chain, transport: custom(ctx.devChain!.provider) });

/** Sends a token call as `account` and waits for its receipt; returns the receipt's logs. */
async function call(account: PrivateKeyAccount, functionName: string, args: unknown[]) {
  const hash = await walletOf(account).writeContract({
    address: ctx.tokenAddress,
    abi: rwaTokenAbi,
    functionName,
    args,
  } as never);
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt.logs;
}

/** What the call would do: resolves when it would succeed, rejects with the contract's custom error otherwise. */
const simulate = (account: Address, functionName: string, args: unknown[]) =>
  ctx.publicClient.simulateContract({
    account,
    address: ctx.tokenAddress,
    abi: rwaTokenAbi,
    functionName,
    args,
  } as never);

const transfer = (from: PrivateKeyAccount, to: Address, id: bigint, amount: bigint) =>
  call(from, 'safeTransferFrom', [from.address, to, id, amount, '0x']);
const simulateTransfer = (from: PrivateKeyAccount, to: Address, id: bigint, amount: bigint) =>
  simulate(from.address, 'safeTransferFrom', [from.address, to, id, amount, '0x']);
const balance = (holder: Address, id: bigint) => readBalance(ctx.publicClient, ctx.tokenAddress, holder, id);
const events = (logs: { data: Hex; topics: [Hex, ...Hex[]] | [] }[]) =>
  logs.map((log) => decodeEventLog({ abi: rwaTokenAbi, ...log }));

describe('RwaToken: transfers only to verified holders where the token requires it', () => {
  it('the minter keeps the allowlist and the restriction, with an event for each change', async () => {
    const minter = ctx.account;
    expect(events(await call(minter, 'setRestricted', [BOND, true]))).toEqual([
      { eventName: 'RestrictedSet', args: { id: BOND, restricted: true } },
    ]);
    expect(events(await call(minter, 'setVerified', [alice.address, true]))).toEqual([
      { eventName: 'VerifiedSet', args: { holder: alice.address, verified: true } },
    ]);
    await call(minter, 'setVerified', [bob.address, true]);
    expect(await readRestricted(ctx.publicClient, ctx.tokenAddress, BOND)).toBe(true);
    expect(await readRestricted(ctx.publicClient, ctx.tokenAddress, FREE)).toBe(false);
    expect(await readVerified(ctx.publicClient, ctx.tokenAddress, alice.address)).toBe(true);
    expect(await readVerified(ctx.publicClient, ctx.tokenAddress, carol.address)).toBe(false);
  });

  it('a mint of a restricted token to an unverified wallet reverts with a sentence; to a verified one it goes out', async () => {
    const refused = await signMint(ctx, {
      to: carol.address,
      tokenId: BOND,
      amount: 1n,
      nonce: await pendingNonce(ctx),
    })
      .then(() => null)
      .catch((err: unknown) => err);
    expect(refused).not.toBeNull();
    expect(revertReason(refused)).toBe(
      `the token requires verified holders and the wallet is not on the allowlist (HolderNotVerified(10, ${carol.address}))`,
    );
    await call(ctx.account, 'mint', [alice.address, BOND, 5n, '0x']);
    expect(await balance(alice.address, BOND)).toBe(5n);
  });

  it('a transfer to an unverified wallet reverts; to a verified wallet it goes through', async () => {
    await expect(simulateTransfer(alice, carol.address, BOND, 1n)).rejects.toThrow(/HolderNotVerified/);
    await transfer(alice, bob.address, BOND, 2n);
    expect([await balance(alice.address, BOND), await balance(bob.address, BOND)]).toEqual([3n, 2n]);
    expect(await balance(carol.address, BOND)).toBe(0n);
  });

  it('a wallet removed from the allowlist can no longer receive, but a verified one still can', async () => {
    await call(ctx.account, 'setVerified', [bob.address, false]);
    await expect(simulateTransfer(alice, bob.address, BOND, 1n)).rejects.toThrow(/HolderNotVerified/);
    // It may still send what it holds to a verified wallet.
    await transfer(bob, alice.address, BOND, 1n);
    await call(ctx.account, 'setVerified', [bob.address, true]);
  });

  it('a frozen wallet can neither send nor receive that token, and other tokens are untouched', async () => {
    expect(events(await call(ctx.account, 'setFrozen', [BOND, bob.address, true]))).toEqual([
      { eventName: 'FrozenSet', args: { id: BOND, holder: bob.address, frozen: true } },
    ]);
    expect(await readFrozen(ctx.publicClient, ctx.tokenAddress, BOND, bob.address)).toBe(true);
    await expect(simulateTransfer(bob, alice.address, BOND, 1n)).rejects.toThrow(/HolderFrozen/);
    await expect(simulateTransfer(alice, bob.address, BOND, 1n)).rejects.toThrow(/HolderFrozen/);
    await expect(simulate(ctx.account.address, 'mint', [bob.address, BOND, 1n, '0x'])).rejects.toThrow(/HolderFrozen/);
    // The freeze is for one token: bob still receives the unrestricted one.
    await call(ctx.account, 'mint', [bob.address, FREE, 1n, '0x']);
    await call(ctx.account, 'setFrozen', [BOND, bob.address, false]);
    await transfer(bob, alice.address, BOND, 1n);
    expect(await balance(bob.address, BOND)).toBe(0n);
  });

  it('an unrestricted token goes to any wallet', async () => {
    await call(ctx.account, 'mint', [carol.address, FREE, 3n, '0x']);
    await transfer(carol, alice.address, FREE, 1n);
    expect([await balance(carol.address, FREE), await balance(alice.address, FREE)]).toEqual([2n, 1n]);
  });

  it('a caller without the verifier role is refused every change', async () => {
    for (const [fn, args] of [
      ['setVerified', [carol.address, true]],
      ['setRestricted', [BOND, false]],
      ['setFrozen', [BOND, alice.address, true]],
    ] as const) {
      await expect(simulate(alice.address, fn, [...args])).rejects.toThrow(/AccessControlUnauthorizedAccount/);
    }
    expect(await readVerified(ctx.publicClient, ctx.tokenAddress, carol.address)).toBe(false);
  });
});

describe('decideAllowlistSync: what the worker sends to make the chain say what the database wants', () => {
  const W1 = '0x1111111111111111111111111111111111111111';
  const W2 = '0xAbCdEf0000000000000000000000000000000002';
  const desired: AllowlistState = [
    { kind: 'verified', target: W1, on: true },
    { kind: 'restricted', target: '7', on: true },
    { kind: 'frozen', tokenId: '7', wallet: W2, on: true },
    { kind: 'frozen', tokenId: '8', wallet: W2, on: false },
  ];

  it('sends each setting the chain lacks, freezes included, and nothing the chain already says', () => {
    expect(decideAllowlistSync(desired, [true, true, true, false], [])).toEqual({ send: [], wait: [] });
    expect(decideAllowlistSync(desired, [true, true, false, true], [])).toEqual({
      send: [desired[2], desired[3]],
      wait: [],
    });
  });

  it('waits for a stored call that sets the same freeze (any letter case), never signs it again', () => {
    const stored = { kind: 'frozen' as const, tokenId: '7', wallet: W2.toLowerCase(), on: true, raw: '0x01' as Hex };
    expect(decideAllowlistSync(desired, [true, true, false, false], [stored])).toEqual({ send: [], wait: [stored] });
  });

  it('a stored call for another token, another wallet or the other way does not count', () => {
    const others = [
      { kind: 'frozen' as const, tokenId: '8', wallet: W2, on: true, raw: '0x01' as Hex },
      { kind: 'frozen' as const, tokenId: '7', wallet: W1, on: true, raw: '0x02' as Hex },
      { kind: 'frozen' as const, tokenId: '7', wallet: W2, on: false, raw: '0x03' as Hex },
      { kind: 'restricted' as const, target: '7', on: true, raw: '0x04' as Hex },
    ];
    expect(decideAllowlistSync(desired, [true, true, false, false], others)).toEqual({
      send: [desired[2]],
      wait: [],
    });
  });
});
