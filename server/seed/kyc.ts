import fs from 'node:fs/promises';
import path from 'node:path';
import { KYC_SESSION_STATUSES } from '../../src/common/kyc.js';
import { kycSessionFields } from '../../src/common/kyc.schemas.js';
import { sentenceOf } from '../lib/errors.js';
import { birthRefusal } from '../modules/kyc/policy.js';
import { dateOf } from './domain.js';
import type { At } from './format.js';
import { missing, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedKycSession, SeedUser } from './types.js';

/**
 * KYC sessions for parseSeedFile: the form as the shop checks it, a decision by someone else with a reason when
 * rejected, one pending session a user at most, and a user's KYC status their latest session's. A file holds no
 * documents: each session's is a placeholder image written on load (writeKycDocuments).
 */

/** The stored name of a loaded session's document: its id, so that a reload writes the same file. */
export const seededDocument = (id: string) => `${id}.png`;

export function parseKycSessions(ctx: Ctx, records: Rec[], userRows: SeedUser[]): SeedKycSession[] {
  const usersById = new Map(userRows.map((u) => [u.id, u]));
  const userIds = new Set(usersById.keys());
  const rows = records.flatMap((r, i): (SeedKycSession & { at: At })[] => {
    const at: At = { collection: 'kycSessions', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the session'), []);
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (!userId) return missing(r.userId) ? skip('userId', 'missing') : [];
    const form = kycSessionFields.safeParse({
      legalName: str(r.legalName) ?? '',
      dateOfBirth: str(r.dateOfBirth) ?? '',
      country: str(r.country) ?? '',
      documentType: r.documentType,
      documentNumber: str(r.documentNumber) ?? '',
    });
    if (!form.success) return skip(String(form.error.issues[0]!.path[0]), form.error.issues[0]!.message);
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    const birth = birthRefusal(form.data.dateOfBirth, created);
    if (birth) return skip('dateOfBirth', sentenceOf(birth));
    const status = str(r.status)?.toLowerCase() ?? 'pending';
    if (!KYC_SESSION_STATUSES.includes(status as 'pending'))
      return skip('status', `${shown(r.status)} is not one of ${KYC_SESSION_STATUSES.join(', ')}`);
    const reviewedBy = userRef(ctx, at, r, 'reviewedBy', userIds);
    const decided = status !== 'pending';
    if (decided && !reviewedBy)
      return missing(r.reviewedBy) ? skip('reviewedBy', `missing: a ${status} session was decided by a reviewer`) : [];
    if (reviewedBy && reviewedBy === userId)
      return skip('reviewedBy', 'is the user themself: nobody reviews their own identity');
    const reason = str(r.reason);
    if (status === 'rejected' && !reason)
      return skip('reason', 'missing: a rejected session tells the user what to fix');
    const reviewedAt = decided ? (dateOf(ctx, at, r, 'reviewedAt') ?? created) : null;
    const id = ctx.ids.get('kycSessions', r.id) ?? ctx.ids.get('kycSessions', `#${i}`)!;
    return [
      {
        id,
        userId,
        ...form.data,
        documentFile: seededDocument(id),
        documentKind: 'png',
        documentName: str(r.documentName) ?? `${form.data.documentType}.png`,
        documentBytes: 0,
        status,
        reason: decided ? reason : null,
        reviewedBy: decided ? reviewedBy : null,
        reviewedAt,
        createdAt: created,
        updatedAt: dateOf(ctx, at, r, 'updatedAt') ?? reviewedAt ?? created,
        at,
      },
    ];
  });
  const kept = checkUsersStanding(ctx, rows, usersById);
  return kept.map(({ at: _, ...row }) => row);
}

/** As live: one pending session a user (a later one is skipped), and the user's KYC status what their latest session says. */
function checkUsersStanding(ctx: Ctx, rows: (SeedKycSession & { at: At })[], usersById: Map<string, SeedUser>) {
  const byUser = new Map<string, (SeedKycSession & { at: At })[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  const skipped = new Set<SeedKycSession>();
  for (const [userId, sessions] of byUser) {
    for (const later of sessions.filter((s) => s.status === 'pending').slice(1)) {
      ctx.notes.problem(
        later.at,
        'status',
        'the user has an earlier pending session: one at a time',
        'skipped the session',
      );
      skipped.add(later);
    }
    const latest = sessions.reduce((a, b) => (b.createdAt! > a.createdAt! ? b : a));
    const user = usersById.get(userId)!;
    if (user.kycStatus !== latest.status) {
      ctx.notes.problem(
        latest.at,
        'status',
        `is this user's latest session but the user's kycStatus is ${shown(user.kycStatus)}`,
        'kept both',
      );
    }
  }
  return rows.filter((row) => !skipped.has(row));
}

/** A small placeholder image standing for every loaded session's document (a demo file holds no identity papers). */
async function placeholder(): Promise<Buffer> {
  const { default: sharp } = await import('sharp'); // on first use: most starts never need it
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#c9d3de' } })
    .png()
    .toBuffer();
}

/** Writes each session's document into `dir` (DATA_DIR/uploads/private/kyc) and sets its size on the row. */
export async function writeKycDocuments(dir: string, sessions: SeedKycSession[]) {
  if (!sessions.length) return;
  const bytes = await placeholder();
  await fs.mkdir(dir, { recursive: true });
  for (const s of sessions) {
    await fs.writeFile(path.join(dir, s.documentFile), bytes);
    s.documentBytes = bytes.length;
  }
}
