/**
 * The RwaToken contract as the server sees it: ABI and bytecode from the committed artifact
 * (server/chain/RwaToken.json, rebuilt by `npm run build:contract`), plus typed helpers.
 *
 * Offers: rwaTokenAbi, rwaTokenBytecode, MINTER_ROLE, VERIFIER_ROLE, REDEEMER_ROLE, DEFAULT_ADMIN_ROLE,
 *   encodeMint(to, id, amount, data?) → calldata for mint(address,uint256,uint256,bytes)
 *   encodeSetUri(id, uri)             → calldata for setURI(uint256,string) (one token's own URI)
 *   encodeSetBaseUri(uri)             → calldata for setBaseURI(string) (every other token's, with `{id}`)
 *   encodeSetContractUri(uri)         → calldata for setContractURI(string) (the collection's metadata)
 *   encodeSetVerified(holder, on)       → calldata for setVerified(address,bool) (the verified-holder allowlist)
 *   encodeSetRestricted(id, on)         → calldata for setRestricted(uint256,bool) (token requires verified holders)
 *   encodeSetFrozen(id, holder, on)     → calldata for setFrozen(uint256,address,bool) (one wallet, one token)
 *   encodeRedeem(holder, id, amount)    → calldata for redeem(address,uint256,uint256) (burns a holder's tokens)
 *   deployData(admin, minter)         → creation code + constructor args
 *   readBalance(client, token, owner, id), readUri(client, token, id), readBaseUri(client, token),
 *   readContractUri(client, token), readVerified(client, token, holder), readRestricted(client, token, id),
 *   readFrozen(client, token, id, holder)
 */
import {
  encodeDeployData,
  encodeFunctionData,
  keccak256,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import artifact from './RwaToken.json' with { type: 'json' };

export const rwaTokenAbi = artifact.abi as Abi;
export const rwaTokenBytecode = artifact.bytecode as Hex;
export const MINTER_ROLE: Hex = keccak256(toHex('MINTER_ROLE'));
export const VERIFIER_ROLE: Hex = keccak256(toHex('VERIFIER_ROLE'));
export const REDEEMER_ROLE: Hex = keccak256(toHex('REDEEMER_ROLE'));
export const DEFAULT_ADMIN_ROLE: Hex = `0x${'00'.repeat(32)}`;

export function encodeMint(to: Address, id: bigint, amount: bigint, data: Hex = '0x'): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'mint', args: [to, id, amount, data] });
}

export function encodeSetUri(id: bigint, uri: string): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setURI', args: [id, uri] });
}

export function encodeSetBaseUri(uri: string): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setBaseURI', args: [uri] });
}

export function encodeSetContractUri(uri: string): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setContractURI', args: [uri] });
}

export function encodeSetVerified(holder: Address, on: boolean): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setVerified', args: [holder, on] });
}

export function encodeSetRestricted(id: bigint, on: boolean): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setRestricted', args: [id, on] });
}

export function encodeSetFrozen(id: bigint, holder: Address, on: boolean): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'setFrozen', args: [id, holder, on] });
}

export function encodeRedeem(holder: Address, id: bigint, amount: bigint): Hex {
  return encodeFunctionData({ abi: rwaTokenAbi, functionName: 'redeem', args: [holder, id, amount] });
}

export function deployData(admin: Address, minter: Address): Hex {
  return encodeDeployData({ abi: rwaTokenAbi, bytecode: rwaTokenBytecode, args: [admin, minter] });
}

export async function readBalance(client: PublicClient, token: Address, owner: Address, id: bigint): Promise<bigint> {
  const value = await client.readContract({
    address: token,
    abi: rwaTokenAbi,
    functionName: 'balanceOf',
    args: [owner, id],
  });
  return value as bigint;
}

export async function readUri(client: PublicClient, token: Address, id: bigint): Promise<string> {
  const value = await client.readContract({ address: token, abi: rwaTokenAbi, functionName: 'uri', args: [id] });
  return value as string;
}

export async function readContractUri(client: PublicClient, token: Address): Promise<string> {
  const value = await client.readContract({ address: token, abi: rwaTokenAbi, functionName: 'contractURI' });
  return value as string;
}

export async function readBaseUri(client: PublicClient, token: Address): Promise<string> {
  const value = await client.readContract({ address: token, abi: rwaTokenAbi, functionName: 'baseURI' });
  return value as string;
}

export async function readVerified(client: PublicClient, token: Address, holder: Address): Promise<boolean> {
  const value = await client.readContract({
    address: token,
    abi: rwaTokenAbi,
    functionName: 'verified',
    args: [holder],
  });
  return value as boolean;
}

export async function readRestricted(client: PublicClient, token: Address, id: bigint): Promise<boolean> {
  const value = await client.readContract({ address: token, abi: rwaTokenAbi, functionName: 'restricted', args: [id] });
  return value as boolean;
}

export async function readFrozen(client: PublicClient, token: Address, id: bigint, holder: Address): Promise<boolean> {
  const value = await client.readContract({
    address: token,
    abi: rwaTokenAbi,
    functionName: 'frozen',
    args: [id, holder],
  });
  return value as boolean;
}
