import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/common/products.js';
import { buildProduct, productInput, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let base: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-images-'));
const uploads = path.join(dataDir, 'uploads');
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();
const files = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []);

async function upload(
  productId: string,
  bytes: Buffer | null,
  opts: { as?: Role | null; name?: string; type?: string } = {},
) {
  const form = new FormData();
  if (bytes)
    form.append(
      'image',
      new Blob([new Uint8Array(bytes)], { type: opts.type ?? 'image/png' }),
      opts.name ?? 'gold.png',
    );
  const res = await t.call('POST', `/api/products/${productId}/image`, { form, as: opts.as });
  return {
    status: res.statusCode,
    body: res.json() as { ok: boolean; error?: string; product: { image: string; imageThumb: string } },
  };
}

describe('product images', () => {
  it('stores a PNG under a generated name with a WebP thumbnail, serves both with a long cache, and the product shows them', async () => {
    const p = await buildProduct(t);
    const res = await upload(p.id, await png(), { as: 'operator', name: '../../evil.png' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { image, imageThumb } = res.body.product;
    expect(image).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(imageThumb).toMatch(/^\/uploads\/[0-9a-f-]{36}\.thumb\.webp$/);
    const served = await fetch(base + imageThumb);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    expect((await t.call('GET', `/api/shop/products/${p.id}`, { as: null })).json().product).toMatchObject({
      image,
      imageThumb,
    });
  });

  it('a new upload replaces the old files; a new image link drops the thumbnail', async () => {
    const p = await buildProduct(t);
    const first = (await upload(p.id, await png())).body.product;
    const second = (
      await upload(
        p.id,
        await sharp(await png())
          .jpeg()
          .toBuffer(),
        { name: 'x.jpg', type: 'image/jpeg' },
      )
    ).body.product;
    expect(second.image).toMatch(/\.jpg$/);
    expect(files()).not.toContain(path.basename(first.image));
    expect(files()).toContain(path.basename(second.image));
    const linked = await t.call('PUT', `/api/products/${p.id}`, { body: { image: 'https://example.com/gold.jpg' } });
    expect(linked.json().product).toMatchObject({ image: 'https://example.com/gold.jpg', imageThumb: null });
  });

  it('an image link must be https or an upload of ours: other schemes are refused with a sentence, on create and update', async () => {
    const sentence = 'Image must be an https:// address or an uploaded image (/uploads/…).';
    const p = await buildProduct(t);
    const refused = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '  javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'Data:text/html,x',
      'http://example.com/a.jpg',
      'HTTP://example.com/a.jpg',
      'ftp://example.com/a.jpg',
      '//evil.example/a.jpg',
      '\\\\evil.example/a.jpg',
      'https:evil.example/a.jpg',
      '/api/users',
      // A browser reads %2e%2e as "..": these would point the image at /api/users.
      '/uploads/../api/x',
      '/uploads/%2e%2e/api/users',
      '/uploads/%2E%2E/%2e%2e/api/users',
      '/uploads/a.webp?x=1',
    ];
    for (const image of refused) {
      const updated = await t.call('PUT', `/api/products/${p.id}`, { body: { image } });
      expect(updated.statusCode, image).toBe(400);
      expect(updated.json(), image).toMatchObject({ code: 'validation', fields: { image: sentence } });
      const created = await t.call('POST', '/api/products', { body: { ...productInput(), image } });
      expect(created.statusCode, image).toBe(400);
    }
    for (const image of ['https://example.com/gold.jpg', '/uploads/products/a.webp']) {
      expect((await t.call('PUT', `/api/products/${p.id}`, { body: { image } })).statusCode, image).toBe(200);
    }
  });

  it.each([
    ['a text file named .png', Buffer.from('not an image at all'), 400, 'The image must be a JPEG, PNG or WebP file.'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 400, 'The image must be a JPEG, PNG or WebP file.'],
    [
      'a truncated PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      400,
      'The image could not be read: the file is damaged or incomplete.',
    ],
    ['a file over 5 MB', Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff), 413, 'The image can be at most 5 MB.'],
    ['no file', null, 400, 'No file was sent. Send the image as multipart/form-data with one file field.'],
  ])('refuses %s with a sentence, and stores nothing', async (_what, bytes, status, sentence) => {
    const p = await buildProduct(t);
    const before = files();
    const res = await upload(p.id, bytes as Buffer | null);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: sentence });
    expect(files()).toEqual(before);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toMatchObject({
      image: null,
      imageThumb: null,
    });
  });

  it('refuses JSON, a finance user, no token and an unknown product; nothing stored', async () => {
    const p = await buildProduct(t);
    const before = files();
    const json = await t.call('POST', `/api/products/${p.id}/image`, { body: { image: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('Send the image as multipart/form-data with one file field.');
    expect((await upload(p.id, await png(), { as: 'finance' })).status).toBe(403);
    expect((await upload(p.id, await png(), { as: 'user' })).status).toBe(403);
    expect((await upload(p.id, await png(), { as: null })).status).toBe(401);
    const unknown = await upload('00000000-0000-4000-8000-000000000000', await png());
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Product not found.' } });
    expect(files()).toEqual(before);
  });
});
