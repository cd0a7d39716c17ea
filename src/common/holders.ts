/** A tokenised product's holders and supply as the holders indexer read them from the chain (issue 42). */

/** Token amounts are decimal strings: a uint256 does not fit a number. */
export type TokenSupply = { minted: string; inCirculation: string; burned: string };

/** The account a holder's wallet belongs to (its `walletAddress`), when one does. */
export type HolderUser = { id: string; email: string; name: string | null; kycStatus: string };

/** A wallet frozen for one product's token by staff: why, who and when (the contract follows, mint worker). */
export type HolderFreeze = {
  wallet: string;
  frozen: boolean;
  reason: string;
  updatedBy: string | null;
  updatedAt: string;
};

export type TokenHolder = {
  wallet: string;
  balance: string;
  user: HolderUser | null;
  /** The wallet's freeze for this token, while it is frozen; null otherwise. */
  freeze: HolderFreeze | null;
};

export type ProductHolders = {
  tokenId: string | null;
  chainId: number;
  contract: string;
  /** The last block the indexer read (null: it has not read this contract yet). */
  indexedBlock: number | null;
  supply: TokenSupply;
  holders: TokenHolder[];
};
