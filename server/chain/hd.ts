/**
 * Deposit addresses for crypto payments: one account per derivation index under BIP-44's Ethereum path
 * (m/44'/60'/0'/0/{index}) of an HD key made from a mnemonic (CRYPTO_MNEMONIC).
 *
 * Offers:
 *   depositKeys(mnemonic) → { address(index), account(index) }; the mnemonic's seed (2,048 rounds of PBKDF2) is
 *     computed once per mnemonic and process, each child key on demand.
 *   DEV_CRYPTO_MNEMONIC   the dev chain's fixed deposit mnemonic (public: dev chain only). It is not Hardhat's
 *     "test … junk" mnemonic, whose accounts the dev chain funds (DEV_FUNDED_MNEMONIC), so a deposit address never
 *     starts with a balance.
 *   devFundedAccounts()   Hardhat's public dev accounts #1–#8 (#0 is the minter, #9 the payout wallet), funded on the dev chain for
 *     wallets and tests to pay from.
 */
import { getAddress, toHex, type Address, type HDKey } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

export const DEV_CRYPTO_MNEMONIC = 'crumble pool ask slide decrease pave visual post fame pen title case';
export const DEV_FUNDED_MNEMONIC = 'test test test test test test test test test test test junk';
const PARENT_PATH = "m/44'/60'/0'/0";

export type DepositKeys = { address(index: number): Address; account(index: number): PrivateKeyAccount };

const parents = new Map<string, HDKey>();

function parentOf(mnemonic: string): HDKey {
  let parent = parents.get(mnemonic);
  if (!parent) {
    parent = mnemonicToAccount(mnemonic, { path: PARENT_PATH }).getHdKey();
    parents.set(mnemonic, parent);
  }
  return parent;
}

export function depositKeys(mnemonic: string): DepositKeys {
  const account = (index: number) => {
    if (!Number.isSafeInteger(index) || index < 0 || index >= 2 ** 31)
      throw new RangeError(`bad derivation index ${index}`);
    const child = parentOf(mnemonic).deriveChild(index);
    return privateKeyToAccount(toHex(child.privateKey!));
  };
  return { account, address: (index) => getAddress(account(index).address) };
}

/**
 * The addresses of devFundedAccounts(), written out: the dev chain funds them at every start, and deriving them costs
 * the mnemonic's 2,048 PBKDF2 rounds (tests/unit/crypto-policy.test.ts checks they match).
 */
export const DEV_FUNDED_ADDRESSES: readonly Address[] = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
  '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
];

let funded: PrivateKeyAccount[] | undefined;

/** Hardhat's dev accounts #1–#8 (well known, never for real money; #9 is the dev chain's payout wallet). */
export function devFundedAccounts(): PrivateKeyAccount[] {
  funded ??= Array.from({ length: 8 }, (_, i) => depositKeys(DEV_FUNDED_MNEMONIC).account(i + 1));
  return funded;
}
