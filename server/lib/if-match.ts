/**
 * An optional optimistic check for a record's PUT: `If-Match` names the version the client read (the record's
 * `updatedAt` as the API answered it, quoted like an ETag), and a record changed since is refused with 412 instead of
 * being overwritten. No header: no check (clients that never send it work as before). `*` matches any version.
 */
import { AppError } from './errors.js';

/** The versions an `If-Match` header names, without quotes or a weak `W/`; null when none is sent. */
export function ifMatchVersions(header: string | string[] | undefined): string[] | null {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.trim() === '') return null;
  return text
    .split(',')
    .map((v) =>
      v
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
}

/** Refuses (412, `record_changed`) when the client named versions and the record's is none of them. */
export function assertVersion(versions: string[] | null, updatedAt: Date) {
  if (!versions || versions.includes('*') || versions.includes(updatedAt.toISOString())) return;
  throw new AppError(412, 'record_changed', undefined, undefined, 'record_changed');
}
