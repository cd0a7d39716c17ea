/**
 * `npm run backup` and `npm run restore` (issue 40): the round trip on this run's engine. The demo data, a few live
 * orders and an uploaded image are backed up (on PostgreSQL while the app keeps serving), restored into an empty
 * database (PGlite: a new DATA_DIR; PostgreSQL: a database of this file's own, dropped at the end), and the copy holds
 * the same rows in every table, the mint jobs with their transaction hashes, reconciles, and serves the same order and
 * image. A database that is not empty is refused and left as it was; bad input is a sentence, never a stack trace.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { fromPglite, fromPostgres, openPglite, queryRows, type Database, type Db } from '../../server/db/client.js';
import { BackupRefusal } from '../../server/modules/backup/manifest.js';
import { backup, readManifest, restore } from '../../server/modules/backup/service.js';
import { seedFromFile } from '../../server/seed/seed.js';
import { engine, postgresUrl, withDatabase } from './engine.js';
import { buildOrder, buildPayment, buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { reconcileReplayed } from './replayed-chain.js';
import { serverCommand } from '../../scripts/server-entries.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-backup-test-'));
const sourceDir = path.join(work, 'source');
const targetDir = path.join(work, 'target');
const file = path.join(work, 'shop.tar.gz');
const onPostgres = engine() === 'postgres';
const restoredName = `test_restore_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
const restoredUrl = onPostgres ? withDatabase(postgresUrl(), restoredName) : undefined;

/** What the commands read of the configuration: DATA_DIR, and DATABASE_URL on PostgreSQL. */
const where = (dataDir: string, databaseUrl?: string) =>
  loadConfig({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: postgresUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Every table's row count, and the migrations recorded. */
async function countsOf(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (
      await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(name)}`)
    )[0]!.n;
  counts['drizzle.__drizzle_migrations'] = (
    await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  )[0]!.n;
  return counts;
}

const mintJobsOf = (db: Db) =>
  queryRows<{ id: string; status: string; tx_hash: string | null }>(
    db,
    sql`select id, status, tx_hash from mint_jobs order by id`,
  );

/** The restored database's counts, opened and closed again (PGlite has one owner at a time). */
async function targetCounts() {
  const database = restoredUrl
    ? fromPostgres(restoredUrl, 1)
    : fromPglite(await openPglite(path.join(targetDir, 'pglite')));
  try {
    return await countsOf(database.db);
  } finally {
    await database.close();
  }
}

/** The app on a database of its own: 2FA not required, as createTestApp does for the databases it makes. */
async function appOn(database: Database, dataDir: string): Promise<TestApp> {
  const t = await createTestApp({ DATA_DIR: dataDir }, { database });
  await t.app.ctx.settings.save(database.db, { twoFactorAuth: false });
  return t;
}

/** The command as `npm run backup`/`restore` runs it, with only PATH and the given environment. */
function command(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const [name, ...rest] = args;
    const cli = `server/modules/backup/${name}-cli.ts`;
    const child = spawn(process.execPath, [...serverCommand(cli), ...rest], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(BackupRefusal);
      return (err as Error).message;
    },
  );

let source: TestApp | undefined;
let restored: TestApp | undefined;
let sourceCounts: Record<string, number>;
let sourceJobs: Awaited<ReturnType<typeof mintJobsOf>>;
let order: { id: string; answer: unknown };
let image: { url: string; bytes: Buffer };

beforeAll(async () => {
  if (onPostgres) {
    source = await createTestApp({ DATA_DIR: sourceDir });
  } else {
    // PGlite on disk, as the server keeps it (DATA_DIR/pglite), from the run's migrated template.
    const dir = path.join(sourceDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    const template = new Blob([new Uint8Array(fs.readFileSync(inject('pgliteTemplate')))]);
    source = await appOn(fromPglite(await openPglite(dir, { loadDataDir: template })), sourceDir);
  }
  const t = source;
  await seedFromFile(t.db, 'db.json', {
    withPasswords: false,
    log: () => undefined,
    privateUploadsDir: where(sourceDir).privateUploadsDir,
  });
  // Live orders on top of the demo: checkouts paid by card, an order paid by staff, one left pending.
  for (let i = 0; i < 3; i++) await buildPayment(t);
  await buildPayment(t, { card: null });
  const paid = await buildOrder(t, { paid: true });
  // An uploaded image, served from DATA_DIR/uploads.
  const product = await buildProduct(t);
  const form = new FormData();
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c9a227' } })
    .png()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gold.png');
  const uploaded = await t.call('POST', `/api/products/${product.id}/image`, { form });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const url = uploaded.json().product.imageThumb as string;
  image = { url, bytes: Buffer.from(await (await fetch(t.base + url)).arrayBuffer()) };
  const answer = await t.call('GET', `/api/orders/${paid.id}`);
  expect(answer.statusCode).toBe(200);
  order = { id: paid.id, answer: answer.json() };
  sourceCounts = await countsOf(t.db);
  sourceJobs = await mintJobsOf(t.db);
  expect(sourceCounts.orders).toBeGreaterThan(300);
  expect(sourceJobs.filter((j) => j.tx_hash).length).toBeGreaterThan(100);
  // PGlite belongs to one process: the server stops before its backup. PostgreSQL is backed up while it serves.
  if (!onPostgres) {
    await t.close();
    source = undefined;
  }
  if (restoredUrl) await admin((c) => c.query(`create database ${restoredName}`));
}, 180_000);

afterAll(async () => {
  await restored?.close();
  await source?.close();
  if (restoredUrl) await admin((c) => c.query(`drop database if exists ${restoredName} with (force)`));
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore on ${engine()}`, { timeout: 180_000 }, () => {
  it('writes one file: a manifest (engine, migrations, time, version), the database and the uploads', async () => {
    const manifest = await backup(where(sourceDir, source?.databaseUrl), file);
    expect(manifest).toMatchObject({
      format: 'rwa-commerce-backup',
      engine: engine(),
      appVersion: JSON.parse(fs.readFileSync('package.json', 'utf8')).version,
      migrations: { applied: sourceCounts['drizzle.__drizzle_migrations'] },
    });
    // The KYC documents the seed wrote and the image with its thumbnail.
    expect(manifest.uploads.files).toBeGreaterThanOrEqual(3);
    expect(await readManifest(file)).toEqual(manifest);
    // It never overwrites a file.
    expect(await refusal(backup(where(sourceDir, source?.databaseUrl), file))).toMatch(/already exists/);
  });

  it('restores into an empty database: the same rows in every table, the mint jobs with their hashes; it reconciles', async () => {
    const done = await restore(where(targetDir, restoredUrl), file);
    expect(done.manifest.engine).toBe(engine());
    const database = restoredUrl
      ? fromPostgres(restoredUrl, 4)
      : fromPglite(await openPglite(path.join(targetDir, 'pglite')));
    await database.migrate(); // as the server does at start: nothing to apply
    expect(await countsOf(database.db)).toEqual(sourceCounts);
    expect(await mintJobsOf(database.db)).toEqual(sourceJobs);
    expect((await reconcileReplayed(database.db)).checks.filter((c) => !c.ok)).toEqual([]);
    restored = await appOn(database, targetDir);
  });

  it('the restored server serves the same order and the uploaded image', async () => {
    const t = restored!;
    const answer = await t.call('GET', `/api/orders/${order.id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(order.answer);
    const served = await fetch(t.base + image.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true);
  });

  it('refuses a database that is not empty, with a sentence and exit code 1, changing nothing', async () => {
    if (!onPostgres) {
      // PGlite's folder is refused while a process has it open; the check of its contents runs once it is closed.
      expect(await refusal(restore(where(targetDir), file))).toMatch(/open in another process.*stop the server/);
      await restored!.close();
      restored = undefined;
    }
    const env = { DATA_DIR: targetDir, ...(restoredUrl ? { DATABASE_URL: restoredUrl } : {}) };
    const uploadsBefore = fs.readdirSync(path.join(targetDir, 'uploads'), { recursive: true }).sort();
    const countsBefore = await targetCounts();
    const run = await command(['restore', file], env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^restore: .* is not empty \(\d+ tables and sequences\): a restore only loads into an empty database\./,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(path.join(targetDir, 'uploads'), { recursive: true }).sort()).toEqual(uploadsBefore);
    expect(await targetCounts()).toEqual(countsBefore);
  });

  it('refuses an empty database with files in DATA_DIR/uploads, and bad input, each with a sentence', async () => {
    const other = path.join(work, 'other');
    fs.mkdirSync(path.join(other, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(other, 'uploads', 'left.png'), 'x');
    const otherUrl = onPostgres ? restoredUrl!.replace(restoredName, `${restoredName}_o`) : undefined;
    if (otherUrl) await admin((c) => c.query(`create database ${restoredName}_o`));
    try {
      expect(await refusal(restore(where(other, otherUrl), file))).toMatch(/uploads already holds files/);
      expect(fs.existsSync(path.join(other, 'pglite'))).toBe(false);
      if (otherUrl) {
        const emptied = fromPostgres(otherUrl, 1);
        const [row] = await queryRows<{ n: number }>(
          emptied.db,
          sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
        );
        await emptied.close();
        expect(row!.n).toBe(0);
      }
    } finally {
      if (otherUrl) await admin((c) => c.query(`drop database if exists ${restoredName}_o with (force)`));
    }
    const fresh = path.join(work, 'fresh');
    expect(await refusal(restore(where(fresh), path.join(work, 'missing.tar.gz')))).toMatch(/does not exist\.$/);
    expect(await refusal(restore(where(fresh), 'package.json'))).toMatch(/is not a backup made by npm run backup/);
    // The other engine's configuration: refused before anything is opened.
    const wrong = onPostgres ? where(fresh) : where(fresh, 'postgres://nobody@127.0.0.1:1/none');
    expect(await refusal(restore(wrong, file))).toMatch(
      onPostgres ? /holds a PostgreSQL database, and the configured database is the PGlite/ : /holds a PGlite database/,
    );
    expect(fs.existsSync(fresh)).toBe(false);
  });

  it('refuses a database that was never migrated, with a sentence, writing no file', async () => {
    const blank = path.join(work, 'blank');
    const blankName = `${restoredName}_b`;
    const blankUrl = onPostgres ? withDatabase(postgresUrl(), blankName) : undefined;
    if (blankUrl) await admin((c) => c.query(`create database ${blankName}`));
    else {
      fs.mkdirSync(path.join(blank, 'pglite'), { recursive: true });
      await (await openPglite(path.join(blank, 'pglite'))).close();
    }
    const out = path.join(work, 'blank.tar.gz');
    try {
      expect(await refusal(backup(where(blank, blankUrl), out))).toMatch(
        /has never been migrated: there is nothing to back up\.$/,
      );
    } finally {
      if (blankUrl) await admin((c) => c.query(`drop database if exists ${blankName} with (force)`));
    }
    expect(fs.readdirSync(work).filter((f) => f.startsWith('blank.tar.gz') || f.startsWith('.rwa-backup-'))).toEqual(
      [],
    );
  });

  it('--help says how to use both commands', async () => {
    for (const name of ['backup', 'restore']) {
      const run = await command([name, '--help'], {});
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('npm run backup -- --out FILE');
      expect(run.stdout).toContain('npm run restore -- FILE');
    }
  });
});
