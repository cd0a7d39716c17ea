/** GET /api/shop/tx/{hash}: one of the caller's own transactions, as the shop shows it. */
export type ShopTransaction = {
  hash: string;
  chainId: number;
  /** What it did for the caller: minted their tokens, paid their order in crypto, or gave that payment back. */
  kind: 'mint' | 'payment' | 'refund';
  /** The order it belongs to (null for a mint of converted points). */
  orderId: string | null;
  /** A mint's token id, units and receiving wallet; null for a payment or a refund. */
  tokenId: string | null;
  amount: string | null;
  walletAddress: string | null;
  /** pending: sent, not yet in a block; success or reverted once mined. */
  status: 'pending' | 'success' | 'reverted';
  blockNumber: string | null;
  /** Blocks on top of its own, counting its own (0 while pending). */
  confirmations: number;
  from: string | null;
  to: string | null;
  /** A public block explorer's page, where the chain has one. */
  explorerUrl: string | null;
};
