/**
 * The token as a wallet reads it, with clients we did not write: viem reads `uri(id)` from the dev chain, puts the
 * token's `{id}` form in it as EIP-1155 says, fetches that URL from the running app, and ajv checks the JSON against
 * the standard's metadata schema; the image it names answers an image. The platform sets the base URI itself, and sets
 * it again when the Site URL setting changes, one stored transaction each time, which the dev chain's replay keeps.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicClient } from 'viem';
import { tokenIdHex } from '../../src/common/tokens.js';
import { readBaseUri, readContractUri, rwaTokenAbi } from '../../server/chain/contract.js';
import { chainTransactions } from '../../server/db/schema.js';
import { validateMetadata } from './eip1155-metadata.js';
import { buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { replayedChain } from './replayed-chain.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, { chain: true, worker: { pollMs: 100 } });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

const chain = () => t.app.ctx.chain!.chain!;
const client = () => chain().publicClient as unknown as PublicClient;
const uriOf = async (id: bigint) =>
  (await client().readContract({
    address: chain().tokenAddress,
    abi: rwaTokenAbi,
    functionName: 'uri',
    args: [id],
  })) as string;
const uriCalls = async () =>
  (await t.db.select().from(chainTransactions).where(eq(chainTransactions.sender, chain().account.address))).filter(
    (row) => row.mintJobId === null,
  );

describe('uri(id) on the chain leads to the metadata', () => {
  it('a minted tokenised product: uri(id) → {id} substituted → JSON valid against EIP-1155 → its image is an image', async () => {
    await expect
      .poll(() => readBaseUri(client(), chain().tokenAddress), { timeout: 15_000 })
      .toBe(`${base}/api/tokens/{id}`);
    // A call of its own, mined after the base URI's.
    await expect
      .poll(() => readContractUri(client(), chain().tokenAddress), { timeout: 15_000 })
      .toBe(`${base}/api/tokens/collection`);

    const tokenId = String(1_000_000 + Math.floor(Math.random() * 1e9));
    const product = await buildProduct(t, { tokenId, rwaType: 'art', description: 'A bronze cast, vaulted.' });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#445566' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'bronze.png');
    expect((await t.call('POST', `/api/products/${product.id}/image`, { form })).statusCode).toBe(200);
    const queued = await t.call('POST', '/api/mint-jobs', {
      as: 'operator',
      body: {
        walletAddress: freshWallet().toLowerCase(),
        tokenId: Number(tokenId),
        amount: '1',
        note: 'For the metadata test',
      },
    });
    expect(queued.statusCode, queued.body).toBe(201);
    const jobId = queued.json().job.id as string;
    await expect
      .poll(async () => (await t.call('GET', `/api/mint-jobs/${jobId}`)).json().job.status, { timeout: 15_000 })
      .toBe('succeeded');

    const template = await uriOf(BigInt(tokenId));
    const url = template.replaceAll('{id}', tokenIdHex(tokenId));
    expect(url).toBe(`${base}/api/tokens/${BigInt(tokenId).toString(16).padStart(64, '0')}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const meta = await res.json();
    expect(validateMetadata(meta), JSON.stringify(validateMetadata.errors)).toBe(true);
    expect(meta).toMatchObject({ name: product.title, description: 'A bronze cast, vaulted.' });
    const image = await fetch(meta.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });

  it('a new Site URL: the worker points the contract there with one stored transaction per URI, never a second', async () => {
    const before = (await uriCalls()).length;
    const res = await t.call('PUT', '/api/settings', { body: { siteUrl: 'https://shop.example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => readBaseUri(client(), chain().tokenAddress), { timeout: 15_000 })
      .toBe('https://shop.example.com/api/tokens/{id}');
    await expect
      .poll(() => readContractUri(client(), chain().tokenAddress), { timeout: 15_000 })
      .toBe('https://shop.example.com/api/tokens/collection');
    // Several passes later, still exactly the two stored transactions (one per URI), in the replay log.
    await new Promise((r) => setTimeout(r, 500));
    expect((await uriCalls()).length - before).toBe(2);
    // A restarted dev chain, rebuilt from the replay log, says the same.
    const replayed = await replayedChain(t.db);
    try {
      const reader = replayed.publicClient as unknown as PublicClient;
      expect(await readBaseUri(reader, replayed.tokenAddress)).toBe('https://shop.example.com/api/tokens/{id}');
      expect(await readContractUri(reader, replayed.tokenAddress)).toBe(
        'https://shop.example.com/api/tokens/collection',
      );
    } finally {
      await replayed.close();
    }
    await t.call('PUT', '/api/settings', { body: { siteUrl: '' } });
  });
});
