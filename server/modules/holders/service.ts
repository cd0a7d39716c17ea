/** A tokenised product's supply and holders, from what the indexer stored (indexer.ts), with each holder's account. */
import { and, eq, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { ProductHolders } from '../../../src/common/holders.js';
import type { ChainToken } from '../../chain/client.js';
import { queryRows, type Queryable } from '../../db/client.js';
import { tokenBalances, tokenFreezes, tokenIndexCursor, tokenTransfers, users } from '../../db/schema.js';
import { getProduct } from '../products/service.js';
import { HOLDERS_SHOWN, inCirculation } from './policy.js';
import { presentHolder, type HolderRow } from './present.js';

export async function productHolders(db: Queryable, productId: string, token: ChainToken): Promise<ProductHolders> {
  const product = await getProduct(db, productId);
  const chainId = token.chainId;
  const contract = token.contract.toLowerCase();
  const [cursor] = await db
    .select({ block: tokenIndexCursor.blockNumber })
    .from(tokenIndexCursor)
    .where(and(eq(tokenIndexCursor.chainId, chainId), eq(tokenIndexCursor.contract, contract)))
    .limit(1);
  const indexedBlock = cursor && cursor.block >= 0 ? cursor.block : null;
  const empty = { minted: '0', inCirculation: '0', burned: '0' };
  if (product.tokenId === null) return { tokenId: null, chainId, contract, indexedBlock, supply: empty, holders: [] };
  const id = product.tokenId;
  const [sums] = await queryRows<{ minted: string; burned: string }>(
    db,
    sql`select coalesce(sum(amount) filter (where from_address = ${zeroAddress}), 0)::text as minted,
      coalesce(sum(amount) filter (where to_address = ${zeroAddress}), 0)::text as burned
    from ${tokenTransfers} where chain_id = ${chainId} and contract = ${contract} and token_id = ${id}::numeric`,
  );
  const rows = await queryRows<HolderRow>(
    db,
    sql`select b.holder, b.balance::text as balance, u.id as user_id, u.email, u.name, u.kyc_status,
      f.reason as freeze_reason, f.updated_by as freeze_by, f.updated_at as freeze_at
    from ${tokenBalances} b
    left join lateral (select id, email, name, kyc_status from ${users}
      where lower(wallet_address) = b.holder order by created_at, id limit 1) u on true
    left join ${tokenFreezes} f on f.product_id = ${productId}::uuid and f.wallet = b.holder and f.frozen
    where b.chain_id = ${chainId} and b.contract = ${contract} and b.token_id = ${id}::numeric
    order by b.balance desc, b.holder limit ${HOLDERS_SHOWN}`,
  );
  const minted = sums?.minted ?? '0';
  const burned = sums?.burned ?? '0';
  return {
    tokenId: id,
    chainId,
    contract,
    indexedBlock,
    supply: { minted, inCirculation: inCirculation(minted, burned), burned },
    holders: rows.map(presentHolder),
  };
}
