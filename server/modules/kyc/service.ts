import path from 'node:path';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  KYC_SESSION_STATUSES,
  type KycSession,
  type KycSessionPage,
  type KycSessionStatus,
} from '../../../src/common/kyc.js';
import { kycSessionFields, type KycListQuery, type KycStatusInput } from '../../../src/common/kyc.schemas.js';
import type { Db, Queryable } from '../../db/client.js';
import { kycSessions, users } from '../../db/schema.js';
import { conflict, forbidden, invalidField, isUniqueViolation, notFound } from '../../lib/errors.js';
import { validationError } from '../../lib/validation.js';
import { Counter } from '../../lib/list.js';
import { after, listOrder, orderBy, type Page } from '../../lib/pages.js';
import type { Upload } from '../../lib/uploads.js';
import type { Actor, AuthUser } from '../../types.js';
import { audit } from '../audit/service.js';
import { notify } from '../notifications/notify.js';
import { checkDocument, readDocument, removeDocument, storeDocument } from './documents.js';
import { birthRefusal, decisionRefusal, mayRead, ownSessionRefusal, submitRefusal } from './policy.js';
import { presentKycSession, type KycRow } from './present.js';
import { emitWebhook } from '../webhooks/outbox.js';
import { notice } from '../../../src/common/notices-catalogue.js';

const counter = new Counter({ exactTtlMs: 0 });

/** Where the documents live: a folder of the private uploads, which /uploads/ never serves. */
export const kycDir = (privateUploadsDir: string) => path.join(privateUploadsDir, 'kyc');

const withUser = (db: Queryable) =>
  db
    .select({ s: kycSessions, userEmail: users.email, userName: users.name })
    .from(kycSessions)
    .innerJoin(users, eq(users.id, kycSessions.userId));

const flat = (r: { s: typeof kycSessions.$inferSelect; userEmail: string; userName: string | null }): KycRow => ({
  ...r.s,
  userEmail: r.userEmail,
  userName: r.userName,
});

async function findSession(db: Queryable, id: string): Promise<KycRow> {
  const [row] = await withUser(db).where(eq(kycSessions.id, id)).limit(1);
  if (!row) throw notFound('kyc_session_not_found');
  return flat(row);
}

/** The fields of the form, checked; each problem a sentence naming its field (as the JSON routes answer). */
function checkFields(fields: Record<string, string>, now: Date) {
  const parsed = kycSessionFields.safeParse(fields);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map(({ code, path, message, ...details }) => {
        const field = String(path[0] ?? '_');
        return { field, kind: code, message, details, value: fields[field] };
      }),
      'field',
    );
  }
  const birth = birthRefusal(parsed.data.dateOfBirth, now);
  if (birth) throw invalidField('dateOfBirth', birth);
  return parsed.data;
}

const pendingTaken = () => conflict(submitRefusal('pending', true)!, undefined, 'kyc_pending');

/**
 * A user's own KYC session: the form and the document checked before anything is stored, then in one transaction
 * (the user locked, so two submissions cannot both pass the check) the session, the user's kycStatus (pending) and
 * the audit. The file is written inside it and removed again if the transaction fails.
 */
export async function submitKyc(
  db: Db,
  dir: string,
  upload: Upload,
  caller: AuthUser,
  now = new Date(),
): Promise<KycSession> {
  const input = checkFields(upload.fields, now);
  const doc = await checkDocument(upload);
  let stored: string | null = null;
  try {
    const id = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id, kycStatus: users.kycStatus })
        .from(users)
        .where(eq(users.id, caller.id))
        .for('update');
      if (!user) throw notFound('user_not_found');
      const [open] = await tx
        .select({ id: kycSessions.id })
        .from(kycSessions)
        .where(and(eq(kycSessions.userId, caller.id), eq(kycSessions.status, 'pending')))
        .limit(1);
      const refusal = submitRefusal(user.kycStatus, !!open);
      if (refusal) throw conflict(refusal, undefined, open ? 'kyc_pending' : 'kyc_verified');
      stored = await storeDocument(dir, doc);
      const [row] = await tx
        .insert(kycSessions)
        .values({
          userId: caller.id,
          ...input,
          documentFile: stored,
          documentKind: doc.kind,
          documentName: doc.name,
          documentBytes: doc.bytes.length,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: kycSessions.id });
      await tx.update(users).set({ kycStatus: 'pending', updatedAt: now }).where(eq(users.id, caller.id));
      await audit(tx, caller, 'kyc.submit', 'kyc', row!.id, {
        before: { kycStatus: user.kycStatus },
        after: { kycStatus: 'pending' },
        documentType: input.documentType,
        country: input.country,
        bytes: doc.bytes.length,
      });
      counter.touch();
      return row!.id;
    });
    return presentKycSession(await findSession(db, id));
  } catch (err) {
    if (stored) await removeDocument(dir, stored);
    if (isUniqueViolation(err, 'kyc_sessions_one_pending_key')) throw pendingTaken();
    throw err;
  }
}

/** A session for its owner or a reviewer; anyone else is refused. */
export async function getKycSession(db: Db, id: string, caller: AuthUser): Promise<KycSession> {
  const row = await findSession(db, id);
  if (!mayRead(row, caller)) throw forbidden('forbidden');
  return presentKycSession(row);
}

/** The document's bytes and kind, for its owner or a reviewer. */
export async function getKycDocument(db: Db, dir: string, id: string, caller: AuthUser) {
  const row = await findSession(db, id);
  if (!mayRead(row, caller)) throw forbidden('forbidden');
  return { bytes: await readDocument(dir, row.documentFile), kind: row.documentKind, name: row.documentName };
}

/**
 * A reviewer's decision under the session's lock: pending → approved | verified | rejected (with a reason), once.
 * The user's kycStatus follows in the same transaction, and both are audited.
 */
export async function decideKyc(
  db: Db,
  id: string,
  input: KycStatusInput,
  actor: Actor,
  now = new Date(),
): Promise<KycSession> {
  await db.transaction(async (tx) => {
    const [session] = await tx.select().from(kycSessions).where(eq(kycSessions.id, id)).for('update');
    if (!session) throw notFound('kyc_session_not_found');
    const own = ownSessionRefusal(session, actor?.id ?? null);
    if (own) throw forbidden(own, undefined, 'kyc_own_session');
    const refusal = decisionRefusal(session);
    if (refusal) throw conflict(refusal, undefined, 'kyc_decided');
    const [user] = await tx
      .select({ kycStatus: users.kycStatus })
      .from(users)
      .where(eq(users.id, session.userId))
      .for('update');
    const reason = input.reason ?? null;
    await tx
      .update(kycSessions)
      .set({ status: input.status, reason, reviewedBy: actor?.id ?? null, reviewedAt: now, updatedAt: now })
      .where(eq(kycSessions.id, id));
    await tx.update(users).set({ kycStatus: input.status, updatedAt: now }).where(eq(users.id, session.userId));
    await audit(tx, actor, `kyc.${input.status}`, 'kyc', id, {
      before: { status: session.status },
      after: { status: input.status, reason },
    });
    await audit(tx, actor, 'user.kyc', 'user', session.userId, {
      before: { kycStatus: user?.kycStatus },
      after: { kycStatus: input.status },
      kycSession: id,
    });
    await notify(tx, {
      userId: session.userId,
      channels: ['in_app', 'email'],
      link: '/shop/account',
      notice: input.status === 'rejected' ? notice('kyc_rejected', { reason: reason ?? '' }) : notice('kyc_verified'),
    });
    await emitWebhook(
      tx,
      input.status === 'rejected' ? 'kyc.rejected' : 'kyc.approved',
      `user:${session.userId}`,
      async () => presentKycSession(await findSession(tx, id)),
    );
    counter.touch();
  });
  return presentKycSession(await findSession(db, id));
}

const SORTS = {
  createdAt: kycSessions.createdAt,
  legalName: kycSessions.legalName,
  status: kycSessions.status,
  reviewedAt: kycSessions.reviewedAt,
} as const;

function filterOf(q: Partial<KycListQuery>): SQL | undefined {
  const f: SQL[] = [];
  if (q.status) f.push(eq(kycSessions.status, q.status));
  if (q.userId) f.push(eq(kycSessions.userId, q.userId));
  const text = q.q?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    f.push(
      or(
        ilike(kycSessions.legalName, like),
        ilike(kycSessions.documentNumber, like),
        sql`${kycSessions.userId} in (select ${users.id} from ${users} where ${ilike(users.email, like)} or ${ilike(users.name, like)})`,
      )!,
    );
  }
  return f.length ? and(...f) : undefined;
}

/** A page of the review queue in its sort (the list's page, or its CSV export's batch after a row). */
export async function kycRows(db: Db, q: KycListQuery, page: Page): Promise<KycSession[]> {
  const order = listOrder([SORTS[q.sort]], kycSessions.id, q.order);
  const rows = await withUser(db)
    .where(and(filterOf(q), after(order, page.after)))
    .orderBy(...orderBy(order))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((r) => presentKycSession(flat(r)));
}

/** The review queue: a status filter, search over legal name, document number and the user's email or name, pages, sorts. */
export async function listKyc(db: Db, q: KycListQuery): Promise<KycSessionPage> {
  const where = filterOf(q);
  const [sessions, total, byStatus] = await Promise.all([
    kycRows(db, q, q),
    counter.count(db, kycSessions, where, JSON.stringify(q)),
    db
      .select({ status: kycSessions.status, n: sql<string>`count(*)` })
      .from(kycSessions)
      .where(filterOf({ ...q, status: undefined }))
      .groupBy(kycSessions.status),
  ]);
  const counts = Object.fromEntries(
    KYC_SESSION_STATUSES.map((s) => [s, Number(byStatus.find((b) => b.status === s)?.n ?? 0)]),
  ) as Record<KycSessionStatus, number>;
  return { sessions, ...total, counts };
}

/** The caller's own sessions, newest first (the shop's Account page). */
export async function ownKyc(db: Db, userId: string): Promise<KycSession[]> {
  const rows = await withUser(db)
    .where(eq(kycSessions.userId, userId))
    .orderBy(desc(kycSessions.createdAt), desc(kycSessions.id))
    .limit(50);
  return rows.map((r) => presentKycSession(flat(r)));
}
