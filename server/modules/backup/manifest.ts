/**
 * The manifest at the head of a backup file (`manifest.json`): which engine's copy it holds, how far that database was
 * migrated, when and by which build it was taken. `npm run restore` reads it first and refuses what it cannot load.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { text } from '../../../src/common/text.js';
import { projectRoot } from '../../lib/paths.js';

export const FORMAT = 'rwa-commerce-backup';
export const FORMAT_VERSION = 1;

/** Where each part sits inside the file. */
export const MEMBERS = {
  manifest: 'manifest.json',
  pglite: 'database/pglite.tar.gz',
  postgres: 'database/postgres.dump',
  uploads: 'uploads',
} as const;

export type Engine = 'pglite' | 'postgres';
export const ENGINE_NAME: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  engine: z.enum(['pglite', 'postgres']),
  createdAt: text('createdAt', { max: 40 }),
  appVersion: text('appVersion', { max: 100 }),
  /** The database's server version (PostgreSQL's `server_version`, PGlite's package version). */
  engineVersion: text('engineVersion', { max: 200 }),
  migrations: z.object({ applied: z.number().int().min(0), last: z.number().nullable() }),
  database: z.enum([MEMBERS.pglite, MEMBERS.postgres]),
  uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The version in package.json (the project's, or the compiled build's folder's). */
export function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A refusal the commands print as it is (a sentence), exiting non-zero, having changed nothing. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}
