import {
  kycSessionStatusOf,
  type KycDocumentKind,
  type KycDocumentType,
  type KycSession,
} from '../../../src/common/kyc.js';
import type { kycSessions } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

export type KycRow = typeof kycSessions.$inferSelect & { userEmail: string; userName: string | null };

/** A session as the API answers it: never the stored file's name (the document is read through its own route). */
export function presentKycSession(s: KycRow): KycSession {
  return {
    id: s.id,
    userId: s.userId,
    userEmail: s.userEmail,
    userName: s.userName,
    legalName: s.legalName,
    dateOfBirth: s.dateOfBirth,
    country: s.country,
    documentType: s.documentType as KycDocumentType,
    documentNumber: s.documentNumber,
    documentKind: s.documentKind as KycDocumentKind,
    documentName: s.documentName,
    documentBytes: s.documentBytes,
    status: kycSessionStatusOf(s.status),
    reason: s.reason,
    reviewedBy: s.reviewedBy,
    reviewedAt: s.reviewedAt ? s.reviewedAt.toISOString() : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The review queue's CSV (GET /api/kyc/export.csv, reviewers): the list's fields, never the document itself. */
export const kycCsv = csvExport(
  'kyc',
  csvColumns<KycSession>({
    id: 'text',
    userId: 'text',
    userEmail: 'text',
    userName: 'text',
    legalName: 'text',
    dateOfBirth: 'text',
    country: 'text',
    documentType: 'text',
    documentNumber: 'text',
    documentKind: 'text',
    documentName: 'text',
    documentBytes: 'number',
    status: 'text',
    reason: 'text',
    reviewedBy: 'text',
    reviewedAt: 'date',
    createdAt: 'date',
    updatedAt: 'date',
  }),
);
