/**
 * Compiles contracts/RwaToken.sol offline with solc-js (a dev dependency) and writes the
 * committed artifact server/chain/RwaToken.json (ABI + creation/runtime bytecode).
 *
 *   npm run build:contract            rewrite the artifact
 *   npm run build:contract -- --check exit 1 if the committed artifact differs (CI)
 *
 * The check (`--check`, tests/unit/chain-artifact.test.ts) remembers in .cache/ (git-ignored) the hash of every input
 * of a build that gave the committed artifact exactly: the sources it read, this script, the compiler's version and
 * the artifact itself. While that hash holds it does not compile again; any change to one of them rebuilds and compares.
 *
 * Deterministic: fixed compiler version and settings, relative source unit names
 * ("contracts/RwaToken.sol", "@openzeppelin/contracts/..."), metadata hash 'none' (no CBOR
 * metadata hash in the bytecode), stable JSON formatting. Same inputs give the same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_NAME = 'contracts/RwaToken.sol';
export const CONTRACT_NAME = 'RwaToken';
export const ARTIFACT_PATH = path.join(ROOT, 'server/chain/RwaToken.json');
export const SOLC_VERSION = '0.8.30';
const CACHE_PATH = path.join(ROOT, '.cache/contract-check.json');
const require = createRequire(import.meta.url);

export const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: 'none', appendCBOR: true, useLiteralContent: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

export const fileOf = (unitName: string) =>
  unitName.startsWith('@') ? path.join(ROOT, 'node_modules', unitName) : path.join(ROOT, unitName);

/** Resolves an import by source unit name: packages from node_modules, the rest from the repo. */
export function readSource(unitName: string): { contents: string } | { error: string } {
  if (unitName.includes('..') || path.isAbsolute(unitName)) return { error: `refused import ${unitName}` };
  const file = fileOf(unitName);
  if (!existsSync(file)) return { error: `not found: ${unitName}` };
  return { contents: readFileSync(file, 'utf8') };
}

type SolcError = { severity: string; formattedMessage: string };
type SolcContract = { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } };
type SolcOutput = { errors?: SolcError[]; contracts?: Record<string, Record<string, SolcContract>> };

/** Compiles the contract: the artifact text exactly as committed, any compiler warnings, and the imports it read. */
export function buildArtifact(): { text: string; warnings: string[]; imports: string[] } {
  // Loaded here, not on import: the compiler takes seconds to load and a cached check does without it.
  const solc = require('solc') as typeof import('solc');
  const version = String(solc.version()).split('+')[0];
  if (version !== SOLC_VERSION) throw new Error(`solc ${SOLC_VERSION} required, found ${version}`);
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(path.join(ROOT, SOURCE_NAME), 'utf8') } },
    settings: SETTINGS,
  };
  const imports: string[] = [];
  const read = (unitName: string) => (imports.push(unitName), readSource(unitName));
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: read })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  const warnings = (output.errors ?? []).filter((e) => e.severity !== 'error').map((e) => e.formattedMessage);
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME];
  if (!contract) throw new Error(`${CONTRACT_NAME} missing from solc output`);
  const artifact = {
    contractName: CONTRACT_NAME,
    sourceName: SOURCE_NAME,
    compiler: { version: SOLC_VERSION, settings: { ...SETTINGS, outputSelection: undefined } },
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
  return { text: `${JSON.stringify(artifact, null, 2)}\n`, warnings, imports: [...new Set(imports)].sort() };
}

/** The hash of everything a build's output depends on, or null when one of its imports is gone. */
function inputsHash(imports: readonly string[], artifact: string): string | null {
  const hash = createHash('sha256');
  const solcVersion = (require('solc/package.json') as { version: string }).version;
  hash.update(JSON.stringify({ solcVersion, SOLC_VERSION, SETTINGS }));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  for (const unit of [SOURCE_NAME, ...imports]) {
    const file = fileOf(unit);
    if (!existsSync(file)) return null;
    hash.update(`\0${unit}\0`).update(readFileSync(file));
  }
  return hash.update('\0artifact\0').update(artifact).digest('hex');
}

/**
 * The artifact the sources build, to compare with the committed one: the committed text itself when the cache holds
 * the hash of this very set of inputs from a build that gave exactly it (`cached`), else a fresh build, remembered
 * when it matches without warnings.
 */
export function reproduceArtifact(): { text: string; committed: string; warnings: string[]; cached: boolean } {
  const committed = existsSync(ARTIFACT_PATH) ? readFileSync(ARTIFACT_PATH, 'utf8') : '';
  let cache: { imports: string[]; hash: string } | undefined;
  try {
    cache = JSON.parse(readFileSync(CACHE_PATH, 'utf8')) as typeof cache;
  } catch {
    cache = undefined;
  }
  if (cache && Array.isArray(cache.imports) && inputsHash(cache.imports, committed) === cache.hash)
    return { text: committed, committed, warnings: [], cached: true };
  const { text, warnings, imports } = buildArtifact();
  if (text === committed && warnings.length === 0) {
    mkdirSync(path.dirname(CACHE_PATH), { recursive: true });
    writeFileSync(CACHE_PATH, JSON.stringify({ imports, hash: inputsHash(imports, committed) }));
  }
  return { text, committed, warnings, cached: false };
}

function main(): void {
  const rel = path.relative(ROOT, ARTIFACT_PATH);
  if (process.argv.includes('--check')) {
    const { text, committed, warnings, cached } = reproduceArtifact();
    for (const w of warnings) console.warn(w);
    if (committed !== text) {
      console.error(`${rel} is stale: run npm run build:contract`);
      process.exit(1);
    }
    console.log(`${rel} is up to date${cached ? ' (its inputs unchanged since a build that matched)' : ''}`);
    return;
  }
  const { text, warnings } = buildArtifact();
  for (const w of warnings) console.warn(w);
  writeFileSync(ARTIFACT_PATH, text);
  console.log(`wrote ${rel}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
