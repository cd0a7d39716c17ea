/**
 * The backup file is a gzip-compressed tar (GNU tar, as on every Linux host): the manifest, the database's copy and
 * the uploads folder. tar streams the uploads from where they are, so nothing is copied twice on disk.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

/** A command's failure as its first line of standard error (or its message). */
export function firstLineOf(err: unknown): string {
  const stderr = (err as { stderr?: unknown }).stderr;
  const text = typeof stderr === 'string' && stderr.trim() ? stderr : err instanceof Error ? err.message : String(err);
  return text.trim().split('\n')[0] ?? '';
}

/** Writes `out` from parts, each `[folder, member]`: the member (file or folder) found under that folder. */
export async function writeArchive(out: string, parts: [folder: string, member: string][]) {
  const args = ['-czf', out];
  for (const [folder, member] of parts) args.push('-C', folder, member);
  await run('tar', args, { maxBuffer: MAX_BUFFER });
}

/** One member's bytes, or null when the file is not a gzip-compressed tar holding it. */
export async function readMember(file: string, member: string): Promise<Buffer | null> {
  try {
    const { stdout } = await run('tar', ['-xzOf', file, member], { encoding: 'buffer', maxBuffer: MAX_BUFFER });
    return stdout;
  } catch {
    return null;
  }
}

/** Unpacks the whole file into `dir` (the restorer owns what it writes). */
export async function extractArchive(file: string, dir: string) {
  await run('tar', ['-xzf', file, '-C', dir, '--no-same-owner'], { maxBuffer: MAX_BUFFER });
}

/** Files and bytes under a folder (0 and 0 when it is missing). */
export function folderSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}
