import { kycSessionStatusOf, type KycDocumentKind, type KycDocumentType, type KycSession } from '../../../src/common/kyc.js';
import type { kycSessions } from '../../db/schema.js';

export type KycRow = typeof kycSessions.$inferSelect & { userEmail: string; userName: string | null };

/** A session as the API answers it: never the stored file's name (the document is read through its own route). */
export function presentKycSession(s: KycRow): KycSession {
  return {
    id: s.id, userId: s.userId, userEmail: s.userEmail, userName: s.userName,
    legalName: s.legalName, dateOfBirth: s.dateOfBirth, country: s.country,
    documentType: s.documentType as KycDocumentType, documentNumber: s.documentNumber,
    documentKind: s.documentKind as KycDocumentKind, documentName: s.documentName, documentBytes: s.documentBytes,
    status: kycSessionStatusOf(s.status), reason: s.reason, reviewedBy: s.reviewedBy,
    reviewedAt: s.reviewedAt ? s.reviewedAt.toISOString() : null, createdAt: s.createdAt.toISOString(), updatedAt: s.updatedAt.toISOString(),
  };
}
