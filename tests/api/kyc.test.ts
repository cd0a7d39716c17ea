import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KYC_DOCUMENT_BYTES } from '../../src/common/kyc.js';
import { auditEvents, kycSessions, users } from '../../server/db/schema.js';
import { buildUser, PASSWORD, type Role } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let base: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-kyc-'));
const kycDir = path.join(dataDir, 'uploads', 'private', 'kyc');
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT_MAX: '10000' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const files = () => (fs.existsSync(kycDir) ? fs.readdirSync(kycDir).sort() : []);

const FIELDS = {
  legalName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  country: 'GB',
  documentType: 'passport',
  documentNumber: 'P1234567',
};

/** A new shopper (or a user of `role`) logged in: their id, email and token. */
async function person(role: Role = 'user') {
  const u = await buildUser(t, { role });
  const token = (await t.login(u.email, PASSWORD)).json().token as string;
  return { id: u.id, email: u.email, token };
}

type FileSpec = { bytes: Buffer; name?: string; type?: string; field?: string } | null;

async function submit(
  token: string | null,
  fields: Record<string, string> = FIELDS,
  file: FileSpec = { bytes: PDF, name: 'passport.pdf', type: 'application/pdf' },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(
      file.field ?? 'document',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'doc.bin',
    );
  const res = await t.call('POST', '/api/kyc/session', { form, ...(token ? { token } : { as: null }) });
  return { status: res.statusCode, body: res.json() as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const kycStatusOf = async (id: string) =>
  (await t.db.select({ k: users.kycStatus }).from(users).where(eq(users.id, id)))[0]!.k;
const sessionCount = async () => Number((await t.db.select({ n: sql<string>`count(*)` }).from(kycSessions))[0]!.n);

describe('POST /api/kyc/session', () => {
  it('stores the session and the document under a generated private name; the user turns pending; audited', async () => {
    const me = await person();
    await t.db.update(users).set({ kycStatus: 'rejected' }).where(eq(users.id, me.id));
    const res = await submit(
      me.token,
      { ...FIELDS, country: 'gb' },
      { bytes: await png(), name: 'my passport.png', type: 'image/png' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const s = res.body.session;
    expect(s).toMatchObject({
      userId: me.id,
      userEmail: me.email,
      legalName: 'Ada Lovelace',
      dateOfBirth: '1990-12-10',
      country: 'GB',
      documentType: 'passport',
      documentNumber: 'P1234567',
      documentKind: 'png',
      documentName: 'my passport.png',
      status: 'pending',
      reason: null,
    });
    expect(s).not.toHaveProperty('documentFile');
    const [row] = await t.db.select().from(kycSessions).where(eq(kycSessions.id, s.id));
    expect(row!.documentFile).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(files()).toContain(row!.documentFile);
    expect(await kycStatusOf(me.id)).toBe('pending');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, s.id));
    expect(event).toMatchObject({ action: 'kyc.submit', actorId: me.id, entity: 'kyc' });

    // The private folder is not served by /uploads/, under any spelling.
    for (const url of [
      `/uploads/private/kyc/${row!.documentFile}`,
      `/uploads/PRIVATE/kyc/${row!.documentFile}`,
      `/uploads/./private/kyc/${row!.documentFile}`,
      `/uploads/%70rivate/kyc/${row!.documentFile}`,
      `/uploads/kyc/${row!.documentFile}`,
    ]) {
      const served = await fetch(base + url);
      expect(served.status, url).not.toBe(200);
      expect(served.headers.get('content-type') ?? '', url).not.toMatch(/image\/png/);
    }
  });

  it('a second session while one is pending is a 409; nothing stored', async () => {
    const me = await person();
    expect((await submit(me.token)).status).toBe(201);
    const before = [files(), await sessionCount()];
    const again = await submit(me.token);
    expect(again).toMatchObject({
      status: 409,
      body: { ok: false, code: 'kyc_pending', error: expect.stringMatching(/already have a KYC session waiting/) },
    });
    expect([files(), await sessionCount()]).toEqual(before);
  });

  it('racing submissions by one user: one 201, the rest 409, one file kept', async () => {
    const me = await person();
    const before = files().length;
    const results = await Promise.all(Array.from({ length: 4 }, () => submit(me.token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(files().length).toBe(before + 1);
  });

  const bad: [string, Record<string, string>, FileSpec, number, RegExp][] = [
    [
      'a text file named .png',
      FIELDS,
      { bytes: Buffer.from('just some text, not a picture'), name: 'id.png', type: 'image/png' },
      400,
      /must be a JPEG, PNG or WebP image or a PDF/,
    ],
    [
      'a GIF',
      FIELDS,
      { bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), name: 'id.gif', type: 'image/gif' },
      400,
      /must be a JPEG, PNG or WebP image or a PDF/,
    ],
    [
      'a PNG signature with nothing after it',
      FIELDS,
      { bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), name: 'id.png' },
      400,
      /image is damaged or incomplete/,
    ],
    ['a cut-off PDF', FIELDS, { bytes: PDF.subarray(0, 30), name: 'id.pdf' }, 400, /PDF is damaged or incomplete/],
    [
      'a file over 5 MB',
      FIELDS,
      { bytes: Buffer.concat([PDF, Buffer.alloc(MAX_KYC_DOCUMENT_BYTES, 0x20)]), name: 'big.pdf' },
      413,
      /at most 5 MB/,
    ],
    ['an empty file', FIELDS, { bytes: Buffer.alloc(0), name: 'empty.pdf' }, 400, /file is empty/],
    ['a file name with ../', FIELDS, { bytes: PDF, name: '../../etc/passport.pdf' }, 400, /cannot contain a path/],
    ['a file name with ..\\', FIELDS, { bytes: PDF, name: '..\\..\\passport.pdf' }, 400, /cannot contain a path/],
    ['no file', FIELDS, null, 400, /No document was sent/],
    ['the file in another field', FIELDS, { bytes: PDF, name: 'p.pdf', field: 'image' }, 400, /"document" field/],
    ['no legal name', { ...FIELDS, legalName: '' }, { bytes: PDF }, 400, /Legal name is required/],
    [
      'no date of birth',
      (({ dateOfBirth: _, ...f }) => f)(FIELDS),
      { bytes: PDF },
      400,
      /"dateOfBirth": Date of birth is required/,
    ],
    ['a date that does not exist', { ...FIELDS, dateOfBirth: '1990-02-30' }, { bytes: PDF }, 400, /real date/],
    ['a date in another format', { ...FIELDS, dateOfBirth: '10/12/1990' }, { bytes: PDF }, 400, /real date/],
    [
      'a minor',
      { ...FIELDS, dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` },
      { bytes: PDF },
      400,
      /at least 18 years old/,
    ],
    ['a future date', { ...FIELDS, dateOfBirth: '2999-01-01' }, { bytes: PDF }, 400, /cannot be in the future/],
    ['an unknown country', { ...FIELDS, country: 'XX' }, { bytes: PDF }, 400, /ISO country code/],
    ['a country name', { ...FIELDS, country: 'Germany' }, { bytes: PDF }, 400, /ISO country code/],
    [
      'an unknown document type',
      { ...FIELDS, documentType: 'library_card' },
      { bytes: PDF },
      400,
      /Document type must be one of passport/,
    ],
    ['no document number', { ...FIELDS, documentNumber: '' }, { bytes: PDF }, 400, /Document number is required/],
    [
      'a document number with symbols',
      { ...FIELDS, documentNumber: 'P<12>;' },
      { bytes: PDF },
      400,
      /letters, digits, spaces and hyphens/,
    ],
    ['a NUL in the legal name', { ...FIELDS, legalName: 'Ada\u0000Lovelace' }, { bytes: PDF }, 400, /NUL character/],
  ];

  it.each(bad)('refuses %s with a sentence, and stores nothing', async (_what, fields, file, status, sentence) => {
    const me = await person();
    const before = [files(), await sessionCount()];
    const res = await submit(me.token, fields, file);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: expect.stringMatching(sentence) });
    expect([files(), await sessionCount()]).toEqual(before);
    expect(await kycStatusOf(me.id)).toBe('pending');
  });

  it('names the field of a bad form value', async () => {
    const me = await person();
    const res = await submit(me.token, { ...FIELDS, country: 'ZZ' });
    expect(res.body).toMatchObject({
      code: 'validation',
      fields: { country: expect.stringMatching(/ISO/) },
      error: expect.stringMatching(/^Invalid field "country"/),
    });
  });

  it('refuses JSON (415) and no token (401); staff may send their own', async () => {
    const me = await person();
    const json = await t.call('POST', '/api/kyc/session', { token: me.token, body: FIELDS });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toMatch(/multipart\/form-data/);
    expect((await submit(null)).status).toBe(401);
    expect((await submit((await person('finance')).token)).status).toBe(201);
  });

  it('a verified user cannot open another session', async () => {
    const me = await person();
    await t.db.update(users).set({ kycStatus: 'verified' }).where(eq(users.id, me.id));
    expect(await submit(me.token)).toMatchObject({
      status: 409,
      body: { code: 'kyc_verified', error: 'Your identity is already verified.' },
    });
  });
});

describe('reading and deciding', () => {
  it('GET status and document: the owner and reviewers; finance and other users 403; unknown 404', async () => {
    const me = await person();
    const image = await png();
    const s = (await submit(me.token, FIELDS, { bytes: image, name: 'id.png' })).body.session;
    const own = await t.call('GET', `/api/kyc/${s.id}/status`, { token: me.token });
    expect(own.json()).toMatchObject({ ok: true, status: 'pending', reason: null, session: { id: s.id } });
    for (const role of ['admin', 'operator'] as const)
      expect((await t.call('GET', `/api/kyc/${s.id}/status`, { as: role })).statusCode).toBe(200);
    // The session itself, for its owner and a reviewer (the only file that reads it with a 200 on PostgreSQL).
    for (const auth of [{ token: me.token }, { as: 'operator' as const }])
      expect((await t.call('GET', `/api/kyc/${s.id}`, auth)).json()).toMatchObject({
        ok: true,
        session: { id: s.id, status: 'pending' },
      });
    for (const role of ['finance', 'user'] as const) {
      expect((await t.call('GET', `/api/kyc/${s.id}/status`, { as: role })).statusCode).toBe(403);
      expect((await t.call('GET', `/api/kyc/${s.id}/document`, { as: role })).statusCode).toBe(403);
    }
    expect((await t.call('GET', `/api/kyc/${s.id}/status`, { as: null })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/kyc/00000000-0000-4000-8000-000000000000/status')).json()).toMatchObject({
      code: 'not_found',
      error: 'KYC session not found.',
    });
    const doc = await fetch(`${base}/api/kyc/${s.id}/document`, {
      headers: { authorization: `Bearer ${await t.tokenFor('operator')}` },
    });
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toBe('image/png');
    expect(doc.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await doc.arrayBuffer()).equals(image)).toBe(true);
    const mine = await fetch(`${base}/api/kyc/${s.id}/document`, { headers: { authorization: `Bearer ${me.token}` } });
    expect(mine.status).toBe(200);
    expect(
      (await t.call('GET', '/api/kyc/me', { token: me.token })).json().sessions.map((x: { id: string }) => x.id),
    ).toEqual([s.id]);
  });

  it('approving: the session and the user follow in one step, audited; a second decision is a 409', async () => {
    const me = await person();
    const s = (await submit(me.token)).body.session;
    const res = await t.call('PUT', `/api/kyc/${s.id}/status`, { as: 'operator', body: { status: 'verified' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session).toMatchObject({ status: 'verified', reason: null, reviewedAt: expect.any(String) });
    expect(await kycStatusOf(me.id)).toBe('verified');
    const actions = (
      await t.db
        .select()
        .from(auditEvents)
        .where(sql`${auditEvents.entityId} in (${s.id}, ${me.id})`)
    )
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['kyc.submit', 'kyc.verified', 'user.kyc']);
    for (const body of [{ status: 'rejected', reason: 'Blurry' }, { status: 'approved' }]) {
      const again = await t.call('PUT', `/api/kyc/${s.id}/status`, { as: 'admin', body });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'kyc_decided',
        error: 'This KYC session was already verified: a decided session cannot be decided again.',
      });
    }
    expect(await kycStatusOf(me.id)).toBe('verified');
    expect((await t.call('GET', `/api/kyc/${s.id}/status`, { token: me.token })).json().status).toBe('verified');
    // The user is told once, in the app (and by email), by the decision's own transaction.
    const inbox = (await t.call('GET', '/api/notifications', { token: me.token })).json().notifications;
    expect(inbox.filter((n: { title: string }) => n.title === 'Your identity is verified')).toHaveLength(1);
  });

  it('rejecting needs a reason; the user sees it and may send a new session', async () => {
    const me = await person();
    const s = (await submit(me.token)).body.session;
    for (const body of [{ status: 'rejected' }, { status: 'rejected', reason: '   ' }]) {
      const res = await t.call('PUT', `/api/kyc/${s.id}/status`, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fields: { reason: expect.stringMatching(/Reason is required when rejecting/) },
      });
    }
    expect(
      (await t.call('PUT', `/api/kyc/${s.id}/status`, { body: { status: 'pending' } })).json().fields.status,
    ).toMatch(/approved, verified, rejected/);
    expect(await kycStatusOf(me.id)).toBe('pending');
    const res = await t.call('PUT', `/api/kyc/${s.id}/status`, {
      body: { status: 'rejected', reason: 'The photo is blurred: send a sharper one.' },
    });
    expect(res.json().session).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred: send a sharper one.',
    });
    expect(await kycStatusOf(me.id)).toBe('rejected');
    expect((await t.call('GET', `/api/kyc/${s.id}/status`, { token: me.token })).json()).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred: send a sharper one.',
    });
    const [told] = (await t.call('GET', '/api/notifications', { token: me.token })).json().notifications;
    expect(told).toMatchObject({
      title: 'Your identity check was not accepted',
      body: expect.stringContaining('The photo is blurred'),
      link: '/shop/account',
    });
    expect((await submit(me.token)).status).toBe(201);
    expect(await kycStatusOf(me.id)).toBe('pending');
  });

  it('finance and users may not decide (403), nor may reviewers decide their own; racing decisions: one wins', async () => {
    const me = await person();
    const s = (await submit(me.token)).body.session;
    for (const role of ['finance', 'user'] as const) {
      expect(
        (await t.call('PUT', `/api/kyc/${s.id}/status`, { as: role, body: { status: 'approved' } })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.call('PUT', `/api/kyc/${s.id}/status`, { as: null, body: { status: 'approved' } })).statusCode,
    ).toBe(401);
    const op = await person('operator');
    const opSession = (await submit(op.token)).body.session;
    const ownDecision = await t.call('PUT', `/api/kyc/${opSession.id}/status`, {
      token: op.token,
      body: { status: 'approved' },
    });
    expect(ownDecision.statusCode).toBe(403);
    expect(ownDecision.json()).toMatchObject({
      code: 'kyc_own_session',
      error: expect.stringMatching(/cannot review your own/),
    });
    expect(await kycStatusOf(op.id)).toBe('pending');
    const results = await Promise.all([
      t.call('PUT', `/api/kyc/${s.id}/status`, { as: 'admin', body: { status: 'approved' } }),
      t.call('PUT', `/api/kyc/${s.id}/status`, {
        as: 'operator',
        body: { status: 'rejected', reason: 'Expired document' },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().session.status;
    expect(await kycStatusOf(me.id)).toBe(winner);
    expect(
      (await t.call('PUT', '/api/kyc/00000000-0000-4000-8000-000000000000/status', { body: { status: 'approved' } }))
        .statusCode,
    ).toBe(404);
  });

  it('GET /api/kyc: the review queue with status filter, search, user filter, paging, sort and counts; reviewers only', async () => {
    const a = await person();
    const b = await person();
    const sa = (await submit(a.token, { ...FIELDS, legalName: 'Zelda Queue-Test', documentNumber: 'QT-0001' })).body
      .session;
    const sb = (await submit(b.token, { ...FIELDS, legalName: 'Aaron Queue-Test', documentNumber: 'QT-0002' })).body
      .session;
    await t.call('PUT', `/api/kyc/${sb.id}/status`, { body: { status: 'rejected', reason: 'Wrong document' } });
    const list = async (query: string, as: Role = 'operator') =>
      (await t.call('GET', `/api/kyc?${query}`, { as })).json();
    const pending = await list('status=pending&q=queue-test');
    expect(pending.sessions.map((s: { id: string }) => s.id)).toEqual([sa.id]);
    expect(pending).toMatchObject({ total: 1, counts: { pending: 1, rejected: 1, approved: 0, verified: 0 } });
    expect((await list('q=QT-0002')).sessions.map((s: { id: string }) => s.id)).toEqual([sb.id]);
    expect((await list(`q=${encodeURIComponent(a.email)}`)).sessions.map((s: { id: string }) => s.id)).toEqual([sa.id]);
    expect((await list(`userId=${b.id}`)).sessions.map((s: { id: string }) => s.id)).toEqual([sb.id]);
    expect(
      (await list('q=queue-test&sort=legalName&order=asc')).sessions.map((s: { legalName: string }) => s.legalName),
    ).toEqual(['Aaron Queue-Test', 'Zelda Queue-Test']);
    const page = await list('q=queue-test&sort=legalName&order=asc&limit=1&offset=1');
    expect(page).toMatchObject({ total: 2, sessions: [{ legalName: 'Zelda Queue-Test' }] });
    expect((await t.call('GET', '/api/kyc?status=maybe')).json().fields.status).toMatch(/status must be one of/);
    expect((await t.call('GET', '/api/kyc?sort=documentFile')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/kyc', { as: 'finance' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/kyc', { as: 'user' })).statusCode).toBe(403);
  });
});
