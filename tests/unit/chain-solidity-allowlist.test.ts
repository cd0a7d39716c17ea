/**
 * RwaToken's allowlist rules and redemptions tested in Solidity (contracts/test/RwaTokenAllowlistTest.sol), run on the dev chain (EDR):
 * the committed token (server/chain/RwaToken.json, the production bytes) is deployed, then the test contract beside
 * it with MINTER_ROLE, VERIFIER_ROLE and REDEEMER_ROLE, and each of its test* functions is sent as a transaction that must succeed.
 * A failed Solidity check reverts with its sentence, which fails the case here. The test contract is compiled only
 * here, with the production compiler and settings (scripts/solidity-tests.ts, cached by the hash of its inputs).
 */
import { createWalletClient, custom, type AbiFunction, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChain, type ChainContext } from '../../server/chain/client.js';
import {
  MINTER_ROLE,
  REDEEMER_ROLE,
  rwaTokenAbi,
  rwaTokenBytecode,
  VERIFIER_ROLE,
} from '../../server/chain/contract.js';
import { compileSolidityTest } from '../../scripts/solidity-tests.js';

const SOURCE = 'contracts/test/RwaTokenAllowlistTest.sol';
// Compiled when the file is collected, so that each test* function is a case of its own (cached: no compiler load).
const { contracts } = compileSolidityTest(SOURCE);
const suite = contracts.RwaTokenAllowlistTest!;
const cases = suite.abi
  .filter((f): f is AbiFunction => f.type === 'function' && f.name.startsWith('test'))
  .map((f) => f.name);

let ctx: ChainContext;
let wallet: ReturnType<typeof createWalletClient>;
let tests: Address;

/** Deploys a contract as the dev chain's minter account and waits for it; its address. */
async function deploy(abi: typeof rwaTokenAbi, bytecode: `0x${string}`, args: unknown[]): Promise<Address> {
  const hash = await wallet.deployContract({ abi, bytecode, args, account: ctx.account, chain: ctx.chain });
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt.contractAddress!;
}

/** Sends a call as the minter account; resolves once it is mined and succeeded (a revert throws with its reason). */
async function send(address: Address, abi: typeof rwaTokenAbi, functionName: string, args: unknown[] = []) {
  // The simulation names a revert's reason (the Solidity sentence); the transaction is the run on chain.
  await ctx.publicClient.simulateContract({ account: ctx.account, address, abi, functionName, args } as never);
  const hash = await wallet.writeContract({
    account: ctx.account,
    chain: ctx.chain,
    address,
    abi,
    functionName,
    args,
    gas: 5_000_000n,
  } as never);
  const receipt = await ctx.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status, `${functionName} reverted on chain`).toBe('success');
}

beforeAll(async () => {
  ctx = await connectChain({ mode: 'dev', chainId: 31337, devPort: null });
  wallet = createWalletClient({ account: ctx.account, chain: ctx.chain, transport: custom(ctx.devChain!.provider) });
  // A token of its own (the committed bytes, not the dev chain's deployed one), its admin and minter the account.
  const token = await deploy(rwaTokenAbi, rwaTokenBytecode, [ctx.account.address, ctx.account.address]);
  tests = await deploy(suite.abi, suite.bytecode, [token]);
  for (const role of [MINTER_ROLE, VERIFIER_ROLE, REDEEMER_ROLE])
    await send(token, rwaTokenAbi, 'grantRole', [role, tests]);
}, 30_000);
afterAll(() => ctx?.close());

describe(`RwaToken's allowlist rules, in Solidity (${SOURCE})`, () => {
  it('has its cases: transfers to unverified and verified wallets, freezes, who keeps the rules, redemptions', () => {
    expect(cases).toEqual([
      'testFrozenHolderCannotSendOrReceive',
      'testOnlyTheRedeemerRedeemsWithinTheBalance',
      'testOnlyTheVerifierKeepsTheRules',
      'testTransferToUnverifiedWalletReverts',
      'testTransferToVerifiedWalletSucceeds',
    ]);
  });

  it.each(cases)('%s passes on the dev chain', async (name) => {
    await send(tests, suite.abi, name);
  });
});
