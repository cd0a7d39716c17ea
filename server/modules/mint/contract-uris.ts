/**
 * Where the token contract points wallets: its base URI (`uri(id)` of every token without its own, with the EIP-1155
 * `{id}` placeholder) and its contractURI (the collection), both at this site (the Site URL setting, else PUBLIC_URL,
 * else the listening address). The mint worker keeps them so: the minter key is the contract's admin, and only the
 * worker holding the key's lease signs with it, so these transactions share the mints' nonces, lease fence,
 * store-before-send rule and replay log (`chain_transactions`), and are never sent twice.
 *
 * Offers: desiredUris(origin), decideUriSync(desired, onChain, pending) (pure), syncContractUris(db, chain, who, owner).
 */
import { eq } from 'drizzle-orm';
import { decodeFunctionData, isAddressEqual, parseTransaction, type Hex, type TransactionSerialized } from 'viem';
import { DEFAULT_SETTINGS } from '../../../src/common/settings.js';
import { baseTokenUri, COLLECTION_PATH } from '../../../src/common/tokens.js';
import {
  encodeSetBaseUri,
  encodeSetContractUri,
  readBaseUri,
  readContractUri,
  rwaTokenAbi,
} from '../../chain/contract.js';
import { broadcast, pendingNonce, signTokenCall, type MintContext } from '../../chain/mint.js';
import type { Db } from '../../db/client.js';
import { settings as settingsTable } from '../../db/schema.js';
import { publicOrigin } from '../../lib/site.js';
import { highestStoredNonce, storedSince, storeTokenCall, type MinterIdentity } from './queue.js';

export type UriSetting = 'base' | 'contract';
export type ContractUris = Record<UriSetting, string>;
type PendingCall = { setting: UriSetting; value: string; raw: Hex };

/** The metadata route (`{id}` as wallets substitute it) and the collection's. */
export const desiredUris = (origin: string): ContractUris => ({
  base: baseTokenUri(origin),
  contract: `${origin}${COLLECTION_PATH}`,
});

/** For each setting: already so on chain → nothing; a stored, unmined transaction sets it → wait for it; else send one. */
export function decideUriSync(desired: ContractUris, onChain: ContractUris, pending: PendingCall[]) {
  const send: UriSetting[] = [];
  const wait: PendingCall[] = [];
  for (const setting of ['base', 'contract'] as const) {
    if (onChain[setting] === desired[setting]) continue;
    const mine = pending.find((p) => p.setting === setting && p.value === desired[setting]);
    if (mine) wait.push(mine);
    else send.push(setting);
  }
  return { send, wait };
}

async function siteOriginNow(db: Db): Promise<string> {
  const [row] = await db
    .select({ value: settingsTable.value })
    .from(settingsTable)
    .where(eq(settingsTable.key, 'siteUrl'));
  const siteUrl = typeof row?.value === 'string' ? row.value : DEFAULT_SETTINGS.siteUrl;
  return siteUrl ? new URL(siteUrl).origin : publicOrigin();
}

/** The URI calls among the minter's stored transactions the chain has not mined yet (nonce ≥ its mined count). */
async function pendingCalls(db: Db, chain: MintContext, who: MinterIdentity): Promise<PendingCall[]> {
  const mined = await chain.publicClient.getTransactionCount({ address: chain.account.address, blockTag: 'latest' });
  const calls: PendingCall[] = [];
  for (const raw of (await storedSince(db, who.chainId, who.minter, mined)) as Hex[]) {
    const tx = parseTransaction(raw as TransactionSerialized);
    if (!tx.to || !tx.data || !isAddressEqual(tx.to, chain.tokenAddress)) continue;
    try {
      const call = decodeFunctionData({ abi: rwaTokenAbi, data: tx.data });
      if (call.functionName === 'setBaseURI') calls.push({ setting: 'base', value: String(call.args?.[0]), raw });
      if (call.functionName === 'setContractURI')
        calls.push({ setting: 'contract', value: String(call.args?.[0]), raw });
    } catch {
      /* not a call of the token's ABI */
    }
  }
  return calls;
}

/**
 * One look (the worker calls it when the wanted URIs changed, and at start): reads the chain, re-sends a stored
 * transaction still pending, or signs, stores (fenced by the lease) and only then sends the missing ones.
 * Answers whether the chain already says what we want.
 */
export async function syncContractUris(
  db: Db,
  chain: MintContext,
  who: MinterIdentity,
  owner: string,
  desired?: ContractUris,
): Promise<{ inSync: boolean; sent: UriSetting[] }> {
  const want = desired ?? desiredUris(await siteOriginNow(db));
  const [base, contract, pending] = await Promise.all([
    readBaseUri(chain.publicClient, chain.tokenAddress),
    readContractUri(chain.publicClient, chain.tokenAddress),
    pendingCalls(db, chain, who),
  ]);
  const { send, wait } = decideUriSync(want, { base, contract }, pending);
  for (const p of wait) await broadcast(chain, p.raw);
  if (send.length === 0) return { inSync: wait.length === 0, sent: [] };
  const [node, stored] = await Promise.all([pendingNonce(chain), highestStoredNonce(db, who.chainId, who.minter)]);
  let nonce = Math.max(node, stored === null ? 0 : stored + 1);
  const signed = [];
  for (const setting of send) {
    const data = setting === 'base' ? encodeSetBaseUri(want.base) : encodeSetContractUri(want.contract);
    signed.push(await signTokenCall(chain, data, nonce++));
  }
  await storeTokenCall(db, who, owner, signed);
  for (const s of signed) await broadcast(chain, s.signedTx);
  return { inSync: false, sent: send };
}

/** The key of what we want, to look again only when it changes. */
export const uriKey = async (db: Db) => JSON.stringify(desiredUris(await siteOriginNow(db)));
