/** The Mint Queue screens' own settings and form helpers; the mint vocabulary and API types live in src/common/mint.ts. */
import type { ChainTx } from '../../../common/mint';

/** Jobs per "Load More" page, and the auto-refresh period (every 5 seconds). */
export const MINT_JOBS_PER_PAGE = 20;
export const AUTO_REFRESH_MS = 5_000;
/** The react-admin store key remembering the Auto Refresh toggle (default ON). */
export const AUTO_REFRESH_KEY = 'mint-queue.autoRefresh';

/** Success / Reverted from the receipt; Pending while there is none. */
export type TxState = 'success' | 'reverted' | 'pending';
export const txStateOf = (tx: Pick<ChainTx, 'receipt'>): TxState =>
  tx.receipt ? (tx.receipt.status === 'reverted' ? 'reverted' : 'success') : 'pending';

/** The modal's values, and the body POST /api/mint-jobs expects (uint256 values as digit strings). */
export type MintValues = { walletAddress?: string; tokenId?: unknown; amount?: unknown; note?: string };

const digits = (value: unknown) => {
  const text = String(value ?? '').trim();
  return /^\d+(\.0*)?$/.test(text) ? text.replace(/\.0*$/, '') : text;
};

export function mintBody(values: MintValues) {
  return {
    walletAddress: String(values.walletAddress ?? '').trim(),
    tokenId: digits(values.tokenId),
    amount: digits(values.amount),
    note: String(values.note ?? '').trim(),
  };
}
