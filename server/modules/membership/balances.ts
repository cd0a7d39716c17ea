/**
 * A member's token balances, read from the chain (balanceOf on the platform's ERC-1155 contract), never from a table:
 * the loyalty token and the token of every product they bought. When the chain cannot be read the answer says why.
 */
import { getAddress, type PublicClient } from 'viem';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { LOYALTY_TOKEN, type TokenBalance } from '../../../src/common/membership.js';
import { readBalance } from '../../chain/contract.js';
import type { Queryable } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema.js';
import type { ChainRuntime } from '../mint/runtime.js';
import { PAID_ORDER_STATUSES } from './policy.js';

const READ_TIMEOUT_MS = 3_000;

export type Balances = { tokenBalances: TokenBalance[]; tokenBalancesError: string | null };

/** The token ids the member's wallet may hold: the loyalty token first, then their purchases' tokens, by id. */
async function tokensOf(db: Queryable, userId: string, loyaltyTokenId: string) {
  const bought = await db
    .selectDistinct({ tokenId: orderItems.tokenId, title: orderItems.title })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.tokenised, true),
        isNotNull(orderItems.tokenId),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
      ),
    );
  const byId = new Map<string, string>();
  for (const b of bought)
    if (b.tokenId && b.tokenId !== loyaltyTokenId && !byId.has(b.tokenId)) byId.set(b.tokenId, b.title);
  return [
    { tokenId: loyaltyTokenId, token: LOYALTY_TOKEN },
    ...[...byId].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1)).map(([tokenId, token]) => ({ tokenId, token })),
  ];
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${READ_TIMEOUT_MS / 1000} seconds`)), READ_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export async function readTokenBalances(
  db: Queryable,
  chain: ChainRuntime | null,
  member: { userId: string; walletAddress: string | null },
  rates: { loyaltyTokenId: string; pointsPerToken: number },
): Promise<Balances> {
  if (!member.walletAddress) return { tokenBalances: [], tokenBalancesError: null };
  const context = chain?.chain;
  if (!context)
    return {
      tokenBalances: [],
      tokenBalancesError: 'The chain is not connected in this server, so token balances cannot be read now.',
    };
  const tokens = await tokensOf(db, member.userId, rates.loyaltyTokenId);
  const owner = getAddress(member.walletAddress);
  try {
    const amounts = await withTimeout(
      Promise.all(
        tokens.map((t) =>
          readBalance(context.publicClient as unknown as PublicClient, context.tokenAddress, owner, BigInt(t.tokenId)),
        ),
      ),
    );
    return {
      tokenBalances: tokens.map((t, i) => ({
        token: t.token,
        tokenId: t.tokenId,
        amount: String(amounts[i]),
        value: t.token === LOYALTY_TOKEN ? Number(amounts[i]! * BigInt(rates.pointsPerToken)) : null,
      })),
      tokenBalancesError: null,
    };
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return { tokenBalances: [], tokenBalancesError: `Token balances could not be read from the chain now (${why}).` };
  }
}
