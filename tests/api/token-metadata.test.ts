import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRODUCT_DOCUMENT_BYTES, tokenIdHex } from '../../src/common/tokens.js';
import { auditEvents, productDocuments } from '../../server/db/schema.js';
import { buildProduct, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { validateMetadata } from './eip1155-metadata.js';

let t: TestApp;
let base: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-tokens-'));
const documentsDir = path.join(dataDir, 'uploads', 'documents');
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const storedFiles = () => (fs.existsSync(documentsDir) ? fs.readdirSync(documentsDir).sort() : []);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const newTokenId = () => String(randomInt(1_000_000, 2 ** 47));

/** A tokenised product with an uploaded image and the asset's facts. */
async function tokenised(overrides: Record<string, unknown> = {}) {
  const product = await buildProduct(t, {
    tokenId: newTokenId(),
    rwaType: 'real_estate',
    description: 'A flat in Lisbon, held by an SPV.',
    issuer: 'Lisbon Flats SPV Ltd',
    custodian: 'Atlantic Trust Custody',
    valuationFiat: 250000,
    valuationCurrency: 'EUR',
    valuedOn: '2026-10-01',
    redeemPolicy: { redeemable: true, minQty: 1, feePercent: 1.5, deliveryDays: 10 },
    ...overrides,
  });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'flat.png');
  const res = await t.call('POST', `/api/products/${product.id}/image`, { form });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().product as typeof product;
}

type FileSpec = { bytes: Buffer; name?: string; type?: string; field?: string } | null;

async function attach(
  productId: string,
  fields: Record<string, string> = { kind: 'appraisal' },
  file: FileSpec = { bytes: PDF, name: 'appraisal.pdf', type: 'application/pdf' },
  as: Role = 'operator',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'document',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'doc.pdf',
    );
  const res = await t.call('POST', `/api/products/${productId}/documents`, { form, as });
  return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const metadataOf = (id: string) => t.call('GET', `/api/tokens/${id}`, { as: null });

describe('GET /api/tokens/{id}: EIP-1155 metadata', () => {
  it('answers the product’s metadata at its 64-hex id, valid against the EIP-1155 schema, public and cacheable', async () => {
    const p = await tokenised();
    const doc = await attach(p.id);
    expect(doc.status, JSON.stringify(doc.body)).toBe(201);
    const hex = tokenIdHex(p.tokenId!);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    const res = await metadataOf(hex);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // Wallets and marketplaces read it, and show its image, from pages of their own.
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const meta = res.json();
    expect(validateMetadata(meta), JSON.stringify(validateMetadata.errors)).toBe(true);
    expect(meta).toMatchObject({
      name: p.title,
      description: 'A flat in Lisbon, held by an SPV.',
      image: `${base}${p.image}`,
      external_url: `${base}/shop/products/${p.id}`,
      decimals: 0,
      properties: {
        asset_type: 'Real estate',
        sku: p.sku,
        issuer: 'Lisbon Flats SPV Ltd',
        custody: 'Atlantic Trust Custody',
        valuation: { amount: '250000.00', currency: 'EUR', date: '2026-10-01' },
        redemption:
          'Redeemable for the underlying asset: at least 1 token at a time, a fee of 1.5%, delivery within 10 days.',
        documents: [
          {
            kind: 'appraisal',
            name: 'appraisal.pdf',
            url: `${base}${doc.body.document.url}`,
            sha256: sha256(PDF),
            mime_type: 'application/pdf',
          },
        ],
        token: { token_id: p.tokenId, standard: 'ERC1155' },
      },
    });
    expect(meta.attributes).toEqual(
      expect.arrayContaining([
        { trait_type: 'Asset type', value: 'Real estate' },
        { trait_type: 'SKU', value: p.sku },
        { trait_type: 'Issuer', value: 'Lisbon Flats SPV Ltd' },
        { trait_type: 'Valuation (EUR)', value: 250000, display_type: 'number' },
      ]),
    );
    // Nothing of price, stock or buyers.
    expect(res.body).not.toMatch(/price|stock|email/i);
    // The image answers an image; the document answers its bytes, whose sha256 is the one the metadata states.
    const image = await fetch(meta.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const file = await fetch(meta.properties.documents[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(meta.properties.documents[0].sha256);
  });

  it('the decimal id answers the same; a product without the optional facts leaves them out', async () => {
    const p = await buildProduct(t, { tokenId: newTokenId(), status: 'inactive' });
    const res = await metadataOf(p.tokenId!);
    expect(res.statusCode, res.body).toBe(200);
    const meta = res.json();
    expect(validateMetadata(meta)).toBe(true);
    expect(meta).not.toHaveProperty('image');
    expect(meta.properties).not.toHaveProperty('issuer');
    expect(meta.properties).not.toHaveProperty('valuation');
    expect(meta.properties.redemption).toBe('No redemption policy is stated.');
    expect(meta.properties.documents).toEqual([]);
    expect((await metadataOf(tokenIdHex(p.tokenId!))).json()).toEqual(meta);
    // A base URI may end in `.json`: `{id}.json` answers the same.
    expect((await metadataOf(`${tokenIdHex(p.tokenId!)}.json`)).json()).toEqual(meta);
    expect((await metadataOf(`${p.tokenId!}.json`)).json()).toEqual(meta);
  });

  it('an unknown, untokenised or draft token: 404 with a sentence; a malformed id: 400', async () => {
    const draft = await buildProduct(t, { tokenId: newTokenId(), status: 'draft' });
    for (const id of [tokenIdHex('999999999999999999'), draft.tokenId!]) {
      const res = await metadataOf(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'not_found',
        error: expect.stringMatching(/^No tokenised product has token id \d+\.$/),
      });
    }
    for (const bad of ['0x1', 'abc', 'g'.repeat(64), '1'.repeat(79), '-1', '1.5', (1n << 256n).toString()]) {
      const res = await metadataOf(encodeURIComponent(bad));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/token id must be 64 hex digits/);
    }
  });
});

describe('GET /api/tokens/collection: the collection (contractURI)', () => {
  it('answers the site’s name, a description, an image that is an image, and the shop; public', async () => {
    const res = await t.call('GET', '/api/tokens/collection', { as: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const collection = res.json();
    expect(collection).toMatchObject({
      name: 'RWA Management System',
      description: expect.stringContaining('ERC-1155'),
      image: `${base}/api/tokens/collection.svg`,
      external_link: base,
      properties: { chain_id: 31337, token_uri: `${base}/api/tokens/{id}`, standard: 'ERC-1155' },
    });
    const image = await fetch(collection.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await image.text()).toMatch(/^<svg [^>]*>.*>RMS<\/text><\/svg>$/);
  });
});

describe('product documents', () => {
  it('replacing a document keeps the old one in the history with its hash, audits both, and the metadata lists the new one', async () => {
    const p = await tokenised();
    const first = await attach(p.id, { kind: 'custody_certificate' }, { bytes: PDF, name: 'custody 2025.pdf' });
    expect(first.status).toBe(201);
    const image = await png();
    const second = await attach(
      p.id,
      { kind: 'custody_certificate', replaces: first.body.document.id },
      { bytes: image, name: 'custody 2026.png', type: 'image/png' },
      'admin',
    );
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.document).toMatchObject({
      kind: 'custody_certificate',
      sha256: sha256(image),
      mimeType: 'image/png',
    });

    const list = await t.call('GET', `/api/products/${p.id}/documents`, { as: 'finance' });
    expect(list.statusCode).toBe(200);
    const docs = list.json().documents;
    expect(docs.map((d: { name: string }) => d.name)).toEqual(['custody 2026.png', 'custody 2025.pdf']);
    expect(docs[1]).toMatchObject({
      sha256: sha256(PDF),
      replacedBy: second.body.document.id,
      replacedAt: expect.any(String),
    });
    expect(docs[0].replacedAt).toBeNull();
    // The replaced file is still served, so the hash an older copy of the metadata gave can still be checked.
    expect((await fetch(base + docs[1].url)).status).toBe(200);

    const meta = (await metadataOf(p.tokenId!)).json();
    expect(meta.properties.documents.map((d: { name: string }) => d.name)).toEqual(['custody 2026.png']);

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'product'), eq(auditEvents.entityId, p.id)));
    const actions = events.map((e) => e.action);
    expect(actions).toContain('product.document_add');
    const replace = events.find((e) => e.action === 'product.document_replace');
    expect(replace?.data).toMatchObject({
      replaces: first.body.document.id,
      replacedSha256: sha256(PDF),
      sha256: sha256(image),
    });

    // A replaced document is history: replacing it again is refused, nothing changes.
    const again = await attach(p.id, { kind: 'custody_certificate', replaces: first.body.document.id });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already replaced/);
  });

  it('bad input is a 400 sentence and changes nothing: wrong type, damaged, too big, a path in the name, a bad kind', async () => {
    const p = await tokenised();
    const cases: [string, Record<string, string>, FileSpec, RegExp, number?][] = [
      [
        'text named .pdf',
        { kind: 'title' },
        { bytes: Buffer.from('hello, not a pdf'), name: 'title.pdf', type: 'application/pdf' },
        /must be a PDF file or a JPEG, PNG or WebP image/,
      ],
      [
        'a cut-off PDF',
        { kind: 'title' },
        { bytes: PDF.subarray(0, 30), name: 'title.pdf' },
        /PDF is damaged or incomplete/,
      ],
      ['an empty file', { kind: 'title' }, { bytes: Buffer.alloc(0), name: 'title.pdf' }, /file is empty/],
      ['a path in the name', { kind: 'title' }, { bytes: PDF, name: '../../etc/title.pdf' }, /cannot contain a path/],
      ['a folder in the name', { kind: 'title' }, { bytes: PDF, name: 'C:\\docs\\title.pdf' }, /cannot contain a path/],
      ['no file', { kind: 'title' }, null, /No document was sent/],
      [
        'the file in another field',
        { kind: 'title' },
        { bytes: PDF, field: 'image' },
        /must be sent in the "document" field/,
      ],
      ['an unknown kind', { kind: 'deed' }, { bytes: PDF }, /Kind must be one of appraisal/],
      [
        'replaces a document that is not there',
        { kind: 'title', replaces: '00000000-0000-4000-8000-000000000000' },
        { bytes: PDF },
        /Document not found/,
        404,
      ],
      [
        'too big',
        { kind: 'title' },
        { bytes: Buffer.concat([PDF, Buffer.alloc(MAX_PRODUCT_DOCUMENT_BYTES, 0x20)]), name: 'big.pdf' },
        /can be at most 5 MB/,
        413,
      ],
    ];
    const filesBefore = storedFiles();
    for (const [what, fields, file, sentence, status = 400] of cases) {
      const res = await attach(p.id, fields, file);
      expect(res.status, what).toBe(status);
      expect(res.body.error, what).toMatch(sentence);
    }
    const stored = await t.db.select().from(productDocuments).where(eq(productDocuments.productId, p.id));
    expect(stored).toEqual([]);
    expect(storedFiles()).toEqual(filesBefore);
    // Not multipart at all: 415 with a sentence.
    const json = await t.call('POST', `/api/products/${p.id}/documents`, { as: 'operator', body: { kind: 'title' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toMatch(/multipart\/form-data/);
  });

  it('a product that is not tokenised takes no documents (409); an unknown product 404', async () => {
    const plain = await buildProduct(t);
    const res = await attach(plain.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `Documents are attached to tokenised products only: give "${plain.title}" a token id first.`,
    );
    const unknown = await attach('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Product not found.');
  });

  it('staff only: a shopper may neither read nor attach, finance reads but may not attach; nothing changes', async () => {
    const p = await tokenised();
    for (const role of ['user', 'finance'] as Role[]) {
      const res = await attach(p.id, { kind: 'prospectus' }, { bytes: PDF, name: 'prospectus.pdf' }, role);
      expect(res.status, role).toBe(403);
      expect(res.body.error).toBe('You do not have permission to do this.');
    }
    expect((await t.call('GET', `/api/products/${p.id}/documents`, { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/products/${p.id}/documents`, { as: null })).statusCode).toBe(401);
    expect((await t.call('GET', `/api/products/${p.id}/documents`, { as: 'operator' })).json().documents).toEqual([]);
  });
});
