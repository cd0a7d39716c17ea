/** The mint-job vocabulary of the API (GET/POST /api/mint-jobs, GET /api/chain/tx/{hash}). */
export const MINT_STATUSES = ['queued', 'processing', 'succeeded', 'failed'] as const;
export type MintStatus = (typeof MINT_STATUSES)[number];

/** Jobs per "Load More" page, and the auto-refresh period (SPEC §9: every 5 seconds). */
export const MINT_JOBS_PER_PAGE = 20;
export const AUTO_REFRESH_MS = 5_000;
/** The react-admin store key remembering the Auto Refresh toggle (default ON). */
export const AUTO_REFRESH_KEY = 'mint-queue.autoRefresh';
/** The order id of jobs minted by hand from the Mint Token modal. */
export const MANUAL_ORDER_ID = 'manual';
/** The transaction column shows this many characters of the hash (SPEC §2 Mint Queue). */
export const TX_HASH_SHOWN = 10;

/** Unknown statuses render as queued: the job has not been seen to do anything yet. */
export const mintStatusOf = (value: unknown): MintStatus =>
  (MINT_STATUSES as readonly unknown[]).includes(value) ? (value as MintStatus) : 'queued';

/** "0x1234…abcd": the head and tail of an address (the full one goes in a title). */
export function shortAddress(address: unknown): string {
  const text = String(address ?? '');
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

export const shortHash = (hash: unknown) => String(hash ?? '').slice(0, TX_HASH_SHOWN);

/** Relative explorer links ("/tx/0x…" on the dev chain) open inside the app; others are external. */
export const isInAppLink = (url: string) => url.startsWith('/') && !url.startsWith('//');

export type MintJob = {
  id: string;
  /** a uuid, or "manual" */
  orderId: string;
  walletAddress: string;
  tokenId: string;
  amount: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  txHash: string | null;
  explorerUrl: string | null;
  createdAt: string;
  updatedAt: string;
  productId: string | null;
  chainId: number | null;
  contract: string | null;
  lastError: string | null;
  nonce: number | null;
  blockNumber: string | null;
  nextAttemptAt: string | null;
  completedAt: string | null;
};

export type MintCounts = Record<MintStatus, number>;

export type MintWorker = {
  active: boolean;
  heartbeatAt: string | null;
  startedAt: string | null;
  chainId: number | null;
  minter: string | null;
  error: string | null;
};

/** What GET /api/mint-jobs answers beside the page of jobs (the dataProvider hands it over as the list's meta). */
export type MintListMeta = {
  counts?: MintCounts;
  worker?: MintWorker;
  serverTime?: string;
  totalIsEstimate?: boolean;
};

export type ChainTx = {
  hash: string;
  chainId: number;
  explorerUrl: string | null;
  transaction: {
    from: string;
    to: string | null;
    nonce: number;
    blockNumber: string | null;
    gas: string;
    maxFeePerGas: string | null;
    input: string;
  } | null;
  receipt: {
    status: 'success' | 'reverted';
    blockNumber: string;
    gasUsed: string;
    logs: number;
  } | null;
  job: MintJob | null;
};

/** Success / Reverted from the receipt; Pending while there is none. */
export type TxState = 'success' | 'reverted' | 'pending';
export const txStateOf = (tx: Pick<ChainTx, 'receipt'>): TxState =>
  tx.receipt ? (tx.receipt.status === 'reverted' ? 'reverted' : 'success') : 'pending';

/** The modal's values, and the body POST /api/mint-jobs expects (uint256 values as digit strings). */
export type MintValues = { walletAddress?: string; tokenId?: unknown; amount?: unknown };

const digits = (value: unknown) => {
  const text = String(value ?? '').trim();
  return /^\d+(\.0*)?$/.test(text) ? text.replace(/\.0*$/, '') : text;
};

export function mintBody(values: MintValues) {
  return {
    walletAddress: String(values.walletAddress ?? '').trim(),
    tokenId: digits(values.tokenId),
    amount: digits(values.amount),
  };
}

/** Counts up to 15 digits are grouped by the number formatter; longer ones are shown as written (no float rounding). */
export const isSafeCount = (value: unknown) => /^\d{1,15}$/.test(String(value ?? ''));
