/**
 * A seed file's tokens, put on the chain this server mints on: whatever chain and contract the file names for its
 * tokenised products and order lines, they are loaded as the running chain's (CHAIN_ID and TOKEN_CONTRACT, or the
 * dev chain's), so that the screens show where the tokens really are. The load says so in one line.
 */
import type { ChainToken } from '../chain/client.js';

type OnChain = { chainId?: number | null; contract?: string | null; tokenId?: string | null; sku?: string };
type Tokens = { products: OnChain[]; orderItems: (OnChain & { tokenised?: boolean | null })[] };

/** Moves the file's tokens onto `token` (in place); the line saying where they are and what the file said, or null without tokens. */
export function mapOntoChain(data: Tokens, token: ChainToken): string | null {
  const named = new Set<string>();
  const move = (row: OnChain) => {
    if (row.chainId !== token.chainId || row.contract?.toLowerCase() !== token.contract.toLowerCase())
      named.add(`${row.chainId}/${row.contract}`);
    row.chainId = token.chainId;
    row.contract = token.contract;
  };
  const byTokenId = new Map<string, string | undefined>();
  for (const p of data.products) {
    if (!p.contract) {
      p.chainId = token.chainId;
      continue;
    }
    move(p);
    if (p.tokenId == null) continue;
    if (byTokenId.has(p.tokenId)) {
      throw new Error(
        `products ${byTokenId.get(p.tokenId)} and ${p.sku} would both be token ${p.tokenId} of ${token.contract}: give them different token ids.`,
      );
    }
    byTokenId.set(p.tokenId, p.sku);
  }
  for (const line of data.orderItems) if (line.tokenised) move(line);
  if (byTokenId.size === 0 && named.size === 0) return null;
  const where = `chain ${token.chainId}, contract ${token.contract}`;
  if (named.size === 0) return `tokenised products are on the running ${where}.`;
  const said = [...named]
    .map((pair) => pair.replace('/', ', contract '))
    .slice(0, 3)
    .join('; ');
  return `tokenised products are loaded on the running ${where} (the file said chain ${said}${named.size > 3 ? '; …' : ''}).`;
}
