/**
 * Compiles a Solidity test contract (contracts/test/) with the production contract's compiler and settings
 * (build-contract.ts), for a test that deploys it on the dev chain: never written into the committed artifact.
 *
 * Offers: compileSolidityTest(sourceName) → { contracts: { [name]: { abi, bytecode } }, cached }
 * A compile takes seconds (solc-js loads, then builds RwaToken and OpenZeppelin with the test), so its output is kept
 * in .cache/ (git-ignored) under the hash of every input: the sources it read, this script, build-contract.ts, the
 * compiler's version and the settings. While that hash holds the compiler is not even loaded.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { fileOf, readSource, SETTINGS, SOLC_VERSION } from './build-contract.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_DIR = path.join(ROOT, '.cache/solidity-tests');
const require = createRequire(import.meta.url);

export type CompiledContracts = Record<string, { abi: Abi; bytecode: Hex }>;
type Cached = { imports: string[]; hash: string; contracts: CompiledContracts };
type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

/** The hash of the compile's inputs, or null when one of them is gone. */
function inputsHash(sourceName: string, imports: readonly string[]): string | null {
  const hash = createHash('sha256');
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  hash.update(JSON.stringify({ solcVersion, SOLC_VERSION, SETTINGS }));
  for (const file of [fileURLToPath(import.meta.url), path.join(ROOT, 'scripts/build-contract.ts')])
    hash.update(readFileSync(file));
  for (const unit of [sourceName, ...imports]) {
    const file = fileOf(unit);
    if (!existsSync(file)) return null;
    hash.update(`\0${unit}\0`).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Every contract `sourceName` defines, compiled (warnings are errors: a test contract should compile cleanly). */
export function compileSolidityTest(sourceName: string): { contracts: CompiledContracts; cached: boolean } {
  if (!/^contracts\/test\/[\w.-]+\.sol$/.test(sourceName)) throw new Error(`not a test contract: ${sourceName}`);
  const cacheFile = path.join(CACHE_DIR, `${path.basename(sourceName)}.json`);
  let cache: Cached | undefined;
  try {
    cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as Cached;
  } catch {
    cache = undefined;
  }
  if (cache && Array.isArray(cache.imports) && inputsHash(sourceName, cache.imports) === cache.hash)
    return { contracts: cache.contracts, cached: true };

  const solc = require('solc') as typeof import('solc');
  const version = String(solc.version()).split('+')[0];
  if (version !== SOLC_VERSION) throw new Error(`solc ${SOLC_VERSION} required, found ${version}`);
  const input = {
    language: 'Solidity',
    sources: { [sourceName]: { content: readFileSync(fileOf(sourceName), 'utf8') } },
    settings: SETTINGS,
  };
  const imports: string[] = [];
  const read = (unitName: string) => (imports.push(unitName), readSource(unitName));
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: read })) as SolcOutput;
  const problems = (output.errors ?? []).map((e) => e.formattedMessage);
  if (problems.length > 0) throw new Error(`${sourceName} does not compile cleanly:\n${problems.join('\n')}`);
  const contracts: CompiledContracts = {};
  for (const [name, c] of Object.entries(output.contracts?.[sourceName] ?? {}))
    contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  const unique = [...new Set(imports)].sort();
  const hash = inputsHash(sourceName, unique);
  if (hash) {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(cacheFile, JSON.stringify({ imports: unique, hash, contracts } satisfies Cached));
  }
  return { contracts, cached: false };
}
