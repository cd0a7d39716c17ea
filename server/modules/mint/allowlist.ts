/**
 * The contract's verified-holder allowlist and per-token restriction, kept as the database says (issue 42):
 *  - a wallet on a user's account is verified while that user's KYC is approved or verified and the user is active
 *    (not suspended or deactivated); a rejected or revoked KYC, or a suspension, takes it off;
 *  - a tokenised product's token is restricted while the product "Requires verified holders".
 * The mint worker keeps it so between its passes, as it keeps the contract URIs (contract-uris.ts): it reads the
 * chain, re-sends a stored transaction still pending, else signs, stores (fenced by the lease) and only then sends
 * the calls missing. The wanted state lives in the database and the calls in `chain_transactions`, so a crash loses
 * nothing and a call is never sent twice.
 *
 * Offers: desiredAllowlist(db, contract), decideAllowlistSync(desired, onChain, pending) (pure),
 *   syncAllowlist(db, chain, who, owner, desired?).
 */
import { isNotNull } from 'drizzle-orm';
import {
  decodeFunctionData,
  getAddress,
  isAddressEqual,
  parseTransaction,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem';
import { isKycVerified } from '../../../src/common/kyc.js';
import {
  encodeSetRestricted,
  encodeSetVerified,
  readRestricted,
  readVerified,
  rwaTokenAbi,
} from '../../chain/contract.js';
import { broadcast, pendingNonce, signTokenCall, type MintContext } from '../../chain/mint.js';
import type { Db } from '../../db/client.js';
import { products, users } from '../../db/schema.js';
import { highestStoredNonce, storedSince, storeTokenCall, type MinterIdentity } from './queue.js';

/** One wanted setting: a wallet on the allowlist (`wallet`) or a token's restriction (`tokenId`), on or off. */
export type AllowlistCall =
  { kind: 'verified'; target: string; on: boolean } | { kind: 'restricted'; target: string; on: boolean };
export type AllowlistState = AllowlistCall[];

/** What the database wants, sorted (its JSON is the key a pass compares to the last one synced). */
export async function desiredAllowlist(db: Db, contract: Address): Promise<AllowlistState> {
  const [holders, tokens] = await Promise.all([
    db
      .select({ wallet: users.walletAddress, kyc: users.kycStatus, status: users.status })
      .from(users)
      .where(isNotNull(users.walletAddress)),
    db
      .select({ tokenId: products.tokenId, on: products.requiresVerifiedHolders, contract: products.contract })
      .from(products)
      .where(isNotNull(products.tokenId)),
  ]);
  const wallets = new Map<string, boolean>();
  for (const h of holders) {
    let wallet: string;
    try {
      wallet = getAddress(h.wallet!);
    } catch {
      continue; // not an address: nothing to allow
    }
    // One wallet on two accounts is verified if either owner passed KYC.
    wallets.set(wallet, (wallets.get(wallet) ?? false) || (isKycVerified(h.kyc) && h.status === 'active'));
  }
  const restricted = new Map<string, boolean>();
  for (const p of tokens) {
    // A tokenised product is one with a token id; its contract, when named, is the one this platform mints on.
    if (p.contract && !isAddressEqual(p.contract as Address, contract)) continue;
    restricted.set(p.tokenId!, (restricted.get(p.tokenId!) ?? false) || p.on);
  }
  const byTarget = (a: { target: string }, b: { target: string }) =>
    a.target < b.target ? -1 : a.target > b.target ? 1 : 0;
  return [
    ...[...wallets].map(([target, on]) => ({ kind: 'verified' as const, target, on })).sort(byTarget),
    ...[...restricted].map(([target, on]) => ({ kind: 'restricted' as const, target, on })).sort(byTarget),
  ];
}

type Pending = AllowlistCall & { raw: Hex };
const same = (a: AllowlistCall, b: AllowlistCall) =>
  a.kind === b.kind && a.on === b.on && a.target.toLowerCase() === b.target.toLowerCase();

/** For each wanted setting: already so on chain → nothing; a stored, unmined call sets it → wait for it; else send one. */
export function decideAllowlistSync(desired: AllowlistState, onChain: boolean[], pending: Pending[]) {
  const send: AllowlistCall[] = [];
  const wait: Pending[] = [];
  desired.forEach((want, i) => {
    if (onChain[i] === want.on) return;
    const mine = pending.find((p) => same(p, want));
    if (mine) wait.push(mine);
    else send.push(want);
  });
  return { send, wait };
}

/** The allowlist calls among the minter's stored transactions the chain has not mined yet. */
async function pendingCalls(db: Db, chain: MintContext, who: MinterIdentity): Promise<Pending[]> {
  const mined = await chain.publicClient.getTransactionCount({ address: chain.account.address, blockTag: 'latest' });
  const calls: Pending[] = [];
  for (const raw of (await storedSince(db, who.chainId, who.minter, mined)) as Hex[]) {
    const tx = parseTransaction(raw as TransactionSerialized);
    if (!tx.to || !tx.data || !isAddressEqual(tx.to, chain.tokenAddress)) continue;
    try {
      const call = decodeFunctionData({ abi: rwaTokenAbi, data: tx.data });
      const args = (call.args ?? []) as unknown[];
      if (call.functionName === 'setVerified')
        calls.push({ kind: 'verified', target: String(args[0]), on: Boolean(args[1]), raw });
      if (call.functionName === 'setRestricted')
        calls.push({ kind: 'restricted', target: String(args[0]), on: Boolean(args[1]), raw });
    } catch {
      /* not a call of the token's ABI */
    }
  }
  return calls;
}

const readOne = (chain: MintContext, want: AllowlistCall) =>
  want.kind === 'verified'
    ? readVerified(chain.publicClient, chain.tokenAddress, want.target as Address)
    : readRestricted(chain.publicClient, chain.tokenAddress, BigInt(want.target));

/**
 * One look: reads each wanted setting on the chain, re-sends a stored call still pending, or signs, stores and only
 * then sends the missing ones. Answers whether the chain already says what the database wants, and what it sent.
 */
export async function syncAllowlist(
  db: Db,
  chain: MintContext,
  who: MinterIdentity,
  owner: string,
  desired?: AllowlistState,
): Promise<{ inSync: boolean; sent: AllowlistCall[] }> {
  const want = desired ?? (await desiredAllowlist(db, chain.tokenAddress));
  const [onChain, pending] = await Promise.all([
    Promise.all(want.map((w) => readOne(chain, w))),
    pendingCalls(db, chain, who),
  ]);
  const { send, wait } = decideAllowlistSync(want, onChain, pending);
  for (const p of wait) await broadcast(chain, p.raw);
  if (send.length === 0) return { inSync: wait.length === 0, sent: [] };
  const [node, stored] = await Promise.all([pendingNonce(chain), highestStoredNonce(db, who.chainId, who.minter)]);
  let nonce = Math.max(node, stored === null ? 0 : stored + 1);
  const signed = [];
  for (const call of send) {
    const data =
      call.kind === 'verified'
        ? encodeSetVerified(call.target as Address, call.on)
        : encodeSetRestricted(BigInt(call.target), call.on);
    signed.push(await signTokenCall(chain, data, nonce++));
  }
  await storeTokenCall(db, who, owner, signed);
  for (const s of signed) await broadcast(chain, s.signedTx);
  return { inSync: false, sent: send };
}

/** A sentence for the log: what one call set. */
export const describeCall = (c: AllowlistCall) =>
  c.kind === 'verified'
    ? `wallet ${c.target} ${c.on ? 'added to' : 'removed from'} the verified-holder allowlist`
    : `token ${c.target} ${c.on ? 'restricted to' : 'no longer restricted to'} verified holders`;
