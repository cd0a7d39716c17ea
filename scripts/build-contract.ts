/**
 * Compiles contracts/RwaToken.sol offline with solc-js (a dev dependency) and writes the
 * committed artifact server/chain/RwaToken.json (ABI + creation/runtime bytecode).
 *
 *   npm run build:contract            rewrite the artifact
 *   npm run build:contract -- --check exit 1 if the committed artifact differs (CI)
 *
 * Deterministic: fixed compiler version and settings, relative source unit names
 * ("contracts/RwaToken.sol", "@openzeppelin/contracts/..."), metadata hash 'none' (no CBOR
 * metadata hash in the bytecode), stable JSON formatting. Same inputs give the same bytes.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import solc from 'solc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE_NAME = 'contracts/RwaToken.sol';
export const CONTRACT_NAME = 'RwaToken';
export const ARTIFACT_PATH = path.join(ROOT, 'server/chain/RwaToken.json');
export const SOLC_VERSION = '0.8.30';

export const SETTINGS = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: 'none', appendCBOR: true, useLiteralContent: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

/** Resolves an import by source unit name: packages from node_modules, the rest from the repo. */
function readSource(unitName: string): { contents: string } | { error: string } {
  if (unitName.includes('..') || path.isAbsolute(unitName)) return { error: `refused import ${unitName}` };
  const file = unitName.startsWith('@') ? path.join(ROOT, 'node_modules', unitName) : path.join(ROOT, unitName);
  if (!existsSync(file)) return { error: `not found: ${unitName}` };
  return { contents: readFileSync(file, 'utf8') };
}

type SolcError = { severity: string; formattedMessage: string };
type SolcContract = { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } };
type SolcOutput = { errors?: SolcError[]; contracts?: Record<string, Record<string, SolcContract>> };

/** Compiles the contract: the artifact text exactly as committed, plus any compiler warnings. */
export function buildArtifact(): { text: string; warnings: string[] } {
  const version = String(solc.version()).split('+')[0];
  if (version !== SOLC_VERSION) throw new Error(`solc ${SOLC_VERSION} required, found ${version}`);
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(path.join(ROOT, SOURCE_NAME), 'utf8') } },
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readSource })) as SolcOutput;
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
  return { text: `${JSON.stringify(artifact, null, 2)}\n`, warnings };
}

function main(): void {
  const { text, warnings } = buildArtifact();
  for (const w of warnings) console.warn(w);
  const rel = path.relative(ROOT, ARTIFACT_PATH);
  if (process.argv.includes('--check')) {
    const current = existsSync(ARTIFACT_PATH) ? readFileSync(ARTIFACT_PATH, 'utf8') : '';
    if (current !== text) {
      console.error(`${rel} is stale: run npm run build:contract`);
      process.exit(1);
    }
    console.log(`${rel} is up to date`);
    return;
  }
  writeFileSync(ARTIFACT_PATH, text);
  console.log(`wrote ${rel}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
