/**
 * The demo data's transactions on the dev chain: real signed bytes, signed here with the dev chain's public keys
 * (RFC 6979 signatures, so the file stays the same on every run). The seed stores them as the chain's transactions
 * and the server replays them at start, so every succeeded mint job's tokens and the payout paid on chain are
 * really on the chain, in blocks 2, 3, … after the token's deployment.
 */
import { getAddress, keccak256, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encodeMint } from '../server/chain/contract.js';
import { DEV_MINTER_KEY, DEV_PAYOUT_KEY, DEV_TOKEN_ADDRESS } from '../server/chain/dev-chain.js';
import { DEV_CHAIN_ID } from '../server/chain/edr-provider.js';

const GWEI = 1_000_000_000n;
const FEES = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI };
/** A first mint of a token id to a new holder costs about 55,000 gas: this leaves room without wasting the fee. */
const MINT_GAS = 150_000n;
const TRANSFER_GAS = 21_000n;

const minter = privateKeyToAccount(DEV_MINTER_KEY);
const payer = privateKeyToAccount(DEV_PAYOUT_KEY);

/** What to sign: a mint of the token, or a payout's native transfer. `at` orders them (and so their nonces and blocks). */
export type Planned =
  | { kind: 'mint'; at: number; to: string; tokenId: bigint; amount: bigint }
  | { kind: 'transfer'; at: number; to: string; value: bigint };

export type Signed = { of: Planned; raw: Hex; hash: Hex; sender: Address; nonce: number; block: number };

/** Signs the plan in time order: each sender's nonces follow on (the minter's from 1, after the deployment), one block each. */
export async function signOnDevChain(plan: readonly Planned[]): Promise<Signed[]> {
  const nonces = new Map<Address, number>([
    [minter.address, 1],
    [payer.address, 0],
  ]);
  const signed: Signed[] = [];
  for (const [i, p] of [...plan].sort((a, b) => a.at - b.at).entries()) {
    const account = p.kind === 'mint' ? minter : payer;
    const nonce = nonces.get(account.address)!;
    nonces.set(account.address, nonce + 1);
    const raw = await account.signTransaction(
      p.kind === 'mint'
        ? {
            type: 'eip1559',
            chainId: DEV_CHAIN_ID,
            nonce,
            to: DEV_TOKEN_ADDRESS,
            data: encodeMint(getAddress(p.to), p.tokenId, p.amount),
            gas: MINT_GAS,
            ...FEES,
          }
        : {
            type: 'eip1559',
            chainId: DEV_CHAIN_ID,
            nonce,
            to: getAddress(p.to),
            value: p.value,
            gas: TRANSFER_GAS,
            ...FEES,
          },
    );
    signed.push({ of: p, raw, hash: keccak256(raw), sender: account.address, nonce, block: i + 2 });
  }
  return signed;
}

export const DEMO_CHAIN = { chainId: DEV_CHAIN_ID, contract: DEV_TOKEN_ADDRESS, minter: minter.address } as const;
