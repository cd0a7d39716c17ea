/**
 * The contract's verified-holder allowlist and per-token restriction, kept as the database says (issue 42):
 *  - a wallet on a user's account is verified while that user's KYC is approved or verified and the user is active
 *    (not suspended or deactivated); a rejected or revoked KYC, or a suspension, takes it off;
 *  - a tokenised product's token is restricted while the product "Requires verified holders";
 *  - a wallet is frozen for a product's token while staff say so (`token_freezes`, holders/freeze.ts).
 * The mint worker keeps it so between its passes, as it keeps the contract URIs (contract-uris.ts): it reads the
 * chain, re-sends a stored transaction still pending, else signs, stores (fenced by the lease) and only then sends
 * the calls missing. The wanted state lives in the database and the calls in `chain_transactions`, so a crash loses
 * nothing and a call is never sent twice.
 *
 * Offers: desiredAllowlist(db, contract), decideAllowlistSync(desired, onChain, pending) (pure),
 *   syncAllowlist(db, chain, who, owner, desired?), auditCalls(tx, calls).
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
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
  encodeSetFrozen,
  encodeSetRestricted,
  encodeSetVerified,
  readFrozen,
  readRestricted,
  readVerified,
  rwaTokenAbi,
} from '../../chain/contract.js';
import { broadcast, pendingNonce, signTokenCall, type MintContext } from '../../chain/mint.js';
import type { Db, Queryable } from '../../db/client.js';
import { allowlistedWallets, products, tokenFreezes, users } from '../../db/schema.js';
import { auditRow } from '../audit/service.js';
import { highestStoredNonce, storedSince, storeTokenCall, type MinterIdentity } from './queue.js';

/**
 * One wanted setting, on or off: a wallet on the allowlist (`target` the wallet), a token's restriction (`target` the
 * token id), or a wallet frozen for one token.
 */
export type AllowlistCall =
  | { kind: 'verified'; target: string; on: boolean }
  | { kind: 'restricted'; target: string; on: boolean }
  | { kind: 'frozen'; tokenId: string; wallet: string; on: boolean };
export type AllowlistState = AllowlistCall[];

/** What the database wants, sorted (its JSON is the key a pass compares to the last one synced). */
export async function desiredAllowlist(db: Db, contract: Address): Promise<AllowlistState> {
  const [holders, tokens, freezes, added] = await Promise.all([
    db
      .select({ wallet: users.walletAddress, kyc: users.kycStatus, status: users.status })
      .from(users)
      .where(isNotNull(users.walletAddress)),
    db
      .select({ tokenId: products.tokenId, on: products.requiresVerifiedHolders, contract: products.contract })
      .from(products)
      .where(isNotNull(products.tokenId)),
    db
      .select({
        tokenId: products.tokenId,
        contract: products.contract,
        wallet: tokenFreezes.wallet,
        on: tokenFreezes.frozen,
      })
      .from(tokenFreezes)
      .innerJoin(products, and(eq(products.id, tokenFreezes.productId), isNotNull(products.tokenId))),
    db.select({ wallet: allowlistedWallets.wallet }).from(allowlistedWallets),
  ]);
  const ours = (p: { contract: string | null }) => !p.contract || isAddressEqual(p.contract as Address, contract);
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
  // A wallet once added that no account holds any more (its owner changed it) comes off.
  for (const { wallet } of added) {
    const address = getAddress(wallet);
    if (!wallets.has(address)) wallets.set(address, false);
  }
  const restricted = new Map<string, boolean>();
  for (const p of tokens) {
    // A tokenised product is one with a token id; its contract, when named, is the one this platform mints on.
    if (!ours(p)) continue;
    restricted.set(p.tokenId!, (restricted.get(p.tokenId!) ?? false) || p.on);
  }
  const frozen = new Map<string, { tokenId: string; wallet: string; on: boolean }>();
  for (const f of freezes) {
    if (!ours(f)) continue;
    const wallet = getAddress(f.wallet);
    const key = `${f.tokenId} ${wallet}`;
    frozen.set(key, { tokenId: f.tokenId!, wallet, on: (frozen.get(key)?.on ?? false) || f.on });
  }
  const byTarget = (a: { target: string }, b: { target: string }) =>
    a.target < b.target ? -1 : a.target > b.target ? 1 : 0;
  return [
    ...[...wallets].map(([target, on]) => ({ kind: 'verified' as const, target, on })).sort(byTarget),
    ...[...restricted].map(([target, on]) => ({ kind: 'restricted' as const, target, on })).sort(byTarget),
    ...[...frozen].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, f]) => ({ kind: 'frozen' as const, ...f })),
  ];
}

type Pending = AllowlistCall & { raw: Hex };
/** What a call sets, whatever it sets it to. */
const settingOf = (c: AllowlistCall) =>
  (c.kind === 'frozen' ? `frozen ${c.tokenId} ${c.wallet}` : `${c.kind} ${c.target}`).toLowerCase();
const same = (a: AllowlistCall, b: AllowlistCall) => a.on === b.on && settingOf(a) === settingOf(b);

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
      if (call.functionName === 'setFrozen')
        calls.push({ kind: 'frozen', tokenId: String(args[0]), wallet: String(args[1]), on: Boolean(args[2]), raw });
    } catch {
      /* not a call of the token's ABI */
    }
  }
  return calls;
}

const readOne = (chain: MintContext, want: AllowlistCall) =>
  want.kind === 'verified'
    ? readVerified(chain.publicClient, chain.tokenAddress, want.target as Address)
    : want.kind === 'restricted'
      ? readRestricted(chain.publicClient, chain.tokenAddress, BigInt(want.target))
      : readFrozen(chain.publicClient, chain.tokenAddress, BigInt(want.tokenId), want.wallet as Address);

const encode = (call: AllowlistCall) =>
  call.kind === 'verified'
    ? encodeSetVerified(call.target as Address, call.on)
    : call.kind === 'restricted'
      ? encodeSetRestricted(BigInt(call.target), call.on)
      : encodeSetFrozen(BigInt(call.tokenId), call.wallet as Address, call.on);

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
  for (const call of send) signed.push(await signTokenCall(chain, encode(call), nonce++));
  await storeTokenCall(db, who, owner, signed, async (tx) => {
    await rememberAdded(tx, send);
    await auditCalls(tx, send);
  });
  for (const s of signed) await broadcast(chain, s.signedTx);
  return { inSync: false, sent: send };
}

/** Each wallet a call adds to the allowlist, kept so that it is taken off once no verified account holds it. */
async function rememberAdded(tx: Queryable, calls: AllowlistCall[]) {
  const wallets = calls.flatMap((c) => (c.kind === 'verified' && c.on ? [{ wallet: c.target.toLowerCase() }] : []));
  if (wallets.length) await tx.insert(allowlistedWallets).values(wallets).onConflictDoNothing();
}

/**
 * The audit log's entries for the calls signed, written by the system beside them (so once, like the calls): a
 * wallet's allowlist change on each account it belongs to, a token's restriction or a wallet's freeze on each product
 * of that token. The record and its fields name what changed; the action is a code, the screens say it in words.
 */
export async function auditCalls(tx: Queryable, calls: AllowlistCall[]) {
  const wallets = calls.flatMap((c) => (c.kind === 'verified' ? [c.target.toLowerCase()] : []));
  const tokenIds = calls.flatMap((c) =>
    c.kind === 'frozen' ? [c.tokenId] : c.kind === 'restricted' ? [c.target] : [],
  );
  const [owners, ofTokens] = await Promise.all([
    wallets.length
      ? tx
          .select({ id: users.id, wallet: sql<string>`lower(${users.walletAddress})` })
          .from(users)
          .where(inArray(sql`lower(${users.walletAddress})`, wallets))
      : [],
    tokenIds.length
      ? tx
          .select({ id: products.id, tokenId: products.tokenId })
          .from(products)
          .where(inArray(products.tokenId, tokenIds))
      : [],
  ]);
  for (const c of calls) {
    if (c.kind === 'verified') {
      const walletAddress = c.target.toLowerCase();
      for (const u of owners.filter((o) => o.wallet === walletAddress))
        await auditRow(tx, null, 'user.allowlist', 'user', u.id, { walletAddress, verifiedHolder: c.on });
      continue;
    }
    const tokenId = c.kind === 'frozen' ? c.tokenId : c.target;
    for (const p of ofTokens.filter((o) => o.tokenId === tokenId))
      await auditRow(
        tx,
        null,
        'product.allowlist',
        'product',
        p.id,
        c.kind === 'frozen'
          ? { tokenId, wallet: c.wallet.toLowerCase(), frozen: c.on }
          : { tokenId, requiresVerifiedHolders: c.on },
      );
  }
}

/** A sentence for the log: what one call set. */
export const describeCall = (c: AllowlistCall) =>
  c.kind === 'verified'
    ? `wallet ${c.target} ${c.on ? 'added to' : 'removed from'} the verified-holder allowlist`
    : c.kind === 'restricted'
      ? `token ${c.target} ${c.on ? 'restricted to' : 'no longer restricted to'} verified holders`
      : `wallet ${c.wallet} ${c.on ? 'frozen' : 'unfrozen'} for token ${c.tokenId}`;
