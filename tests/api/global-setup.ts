import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, fromPostgres, openPglite } from '../../server/db/client.js';
import { compiledServerForRun } from '../../scripts/build-server.js';
import { engine, postgresUrl, withDatabase } from './engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * Every test file opens the template (PGlite untars it into memory and starts): 0.8 s of CPU as initdb leaves it,
 * 0.43 s without the two template databases nothing opens (600 of its 1,380 files) and with 16 MB of shared buffers
 * instead of 128 (PostgreSQL clears them at each start; a test database is a few MB).
 */
async function slimmed(client: PGlite) {
  await client.exec(`alter system set shared_buffers = '16MB'`);
  await client.exec(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await client.exec('drop database template0');
  await client.exec('drop database template1');
  await client.exec('checkpoint');
}

/**
 * Drops the databases twenty at a time, each on a connection of its own. A drop waits for a checkpoint, and drops
 * waiting together share one: one after another, a run's 90 copies took 390 s to drop at load 10 (6.5 of the step's
 * 16 minutes). Under stress-ng, 30 drops took 58 s one after another, 12.5 s eight at a time and 0.6 s all together.
 */
async function dropAll(base: string, names: string[]) {
  const queue = [...names];
  const dropper = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      for (let next = queue.shift(); next; next = queue.shift())
        await client.query(`drop database if exists ${next} with (force)`);
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(20, queue.length) }, dropper));
}

/** Migrate one database per run; every test file then starts from a copy of it. The server compiled once per run. */
export default async function setup(project: TestProject) {
  const removeBuild = await compiledServerForRun('test');
  if (engine() === 'postgres') {
    const base = postgresUrl();
    const name = `rwa_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = fromPostgres(withDatabase(base, name), 1);
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      // The template and every per-file copy (named after it) go when the run ends.
      const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
        `${name}%`,
      ]);
      await admin.end();
      await dropAll(
        base,
        rows.map((r) => r.datname),
      );
      removeBuild();
    };
  }
  const client = await openPglite();
  const database = fromPglite(client);
  await database.migrate();
  await slimmed(client);
  const dump = await client.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-tpl-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return () => {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    removeBuild();
  };
}
