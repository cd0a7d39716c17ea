import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_PATH, reproduceArtifact } from '../../scripts/build-contract.js';
import artifact from '../../server/chain/RwaToken.json' with { type: 'json' };
import { startDevChain } from '../../server/chain/dev-chain.js';

describe('RwaToken artifact', () => {
  // Compiles only when a source, the build script, the compiler or the artifact changed since a build that matched.
  // A compile (a clean clone's run) takes about 13 s on a quiet machine and took 22 s at load 25.
  it('is reproduced byte for byte by npm run build:contract', () => {
    const { text, committed, warnings } = reproduceArtifact();
    expect(warnings).toEqual([]);
    expect(text).toBe(committed);
  }, 90_000);

  it('holds no machine paths and no metadata hash', () => {
    const text = readFileSync(ARTIFACT_PATH, 'utf8');
    expect(text).not.toMatch(/\/(work|home|tmp|Users)\/|node_modules|[A-Z]:\\\\/);
    expect(artifact.compiler.settings).toMatchObject({
      evmVersion: 'cancun',
      optimizer: { enabled: true },
      metadata: { bytecodeHash: 'none' },
    });
    // CBOR "ipfs" / "bzzr" keys would embed a hash of the metadata (and its paths).
    expect(artifact.deployedBytecode).not.toMatch(/6970667358|627a7a72/);
  });

  it('is the code the dev chain deploys', async () => {
    const chain = await startDevChain({ port: null });
    const code = await chain.provider.request({ method: 'eth_getCode', params: [chain.tokenAddress, 'latest'] });
    expect(code).toBe(artifact.deployedBytecode);
    await chain.close();
  }, 20_000);
});
