/**
 * What the KYC routes take, and what they answer. The session's fields come as multipart/form-data beside the file,
 * checked by `kycSessionFields`.
 */
import { z } from 'zod';
import { answerText, countsOf, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import {
  COUNTRY_CODES,
  KYC_DECISIONS,
  KYC_DOCUMENT_KINDS,
  KYC_DOCUMENT_TYPES,
  KYC_SESSION_STATUSES,
  KYC_SORTS,
  type KycSession,
} from './kyc.js';
import { listQueryOf } from './list.schemas.js';
import { optionalText, text } from './text.js';

/** "YYYY-MM-DD" naming a day that exists (2023-02-30 does not). */
export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const kycSessionFields = z.object({
  legalName: text('Legal name', { max: 200 }).min(2, 'Legal name must be at least 2 characters.'),
  dateOfBirth: text('Date of birth', { max: 10 }).refine(
    isRealDate,
    'Date of birth must be a real date written YYYY-MM-DD.',
  ),
  country: text('Country', { max: 2, tooLong: 'Country must be a two-letter ISO country code.' })
    .transform((v) => v.toUpperCase())
    .refine((v) => COUNTRY_CODES.includes(v), 'Country must be a two-letter ISO country code, such as US or CN.'),
  documentType: z.enum(KYC_DOCUMENT_TYPES, { error: `Document type must be one of ${KYC_DOCUMENT_TYPES.join(', ')}.` }),
  documentNumber: text('Document number', { max: 40 })
    .min(3, 'Document number must be at least 3 characters.')
    .refine(
      (v) => /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v),
      'Document number may use letters, digits, spaces and hyphens.',
    ),
});
export type KycSessionFields = z.infer<typeof kycSessionFields>;

export const kycStatusBody = z
  .object({
    status: z.enum(KYC_DECISIONS, { error: `Status must be one of ${KYC_DECISIONS.join(', ')}.` }),
    reason: optionalText('Reason', 500),
  })
  .refine((b) => b.status !== 'rejected' || !!b.reason, {
    message: 'Reason is required when rejecting: tell the user what to fix.',
    path: ['reason'],
  });
export type KycStatusInput = z.infer<typeof kycStatusBody>;

const uuid = text('userId', { max: 36, tooLong: 'userId must be a UUID.' }).uuid('userId must be a UUID.');

export const kycListQuery = listQueryOf(KYC_SESSION_STATUSES, KYC_SORTS, 'createdAt').extend({
  userId: uuid.optional(),
});
export type KycListQuery = z.infer<typeof kycListQuery>;

/** A KYC session as the API answers it (`KycSession`, server/modules/kyc/present.ts); the file is read through its own route. */
export const kycSessionAnswer = z.object({
  id: answerText,
  userId: answerText,
  userEmail: answerText,
  userName: answerText.nullable(),
  legalName: answerText,
  dateOfBirth: answerText.describe('YYYY-MM-DD'),
  country: answerText.describe('ISO 3166-1 alpha-2'),
  documentType: z.enum(KYC_DOCUMENT_TYPES),
  documentNumber: answerText,
  documentKind: z.enum(KYC_DOCUMENT_KINDS).describe('The file’s type, told from its bytes'),
  documentName: answerText.describe('The file’s name as it was sent'),
  documentBytes: z.number().int(),
  status: z.enum(KYC_SESSION_STATUSES),
  reason: answerText.nullable().describe('The reviewer’s reason (required when rejected)'),
  reviewedBy: answerText.nullable(),
  reviewedAt: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<KycSession>;

export const kycSessionOne = okWith({ session: kycSessionAnswer });
export const kycSessionList = okWith({ sessions: z.array(kycSessionAnswer) });
export const kycSessionPage = okWith({
  sessions: z.array(kycSessionAnswer),
  ...listTotal,
  counts: countsOf(KYC_SESSION_STATUSES).describe('Each status’s count under the list’s other filters'),
});
/** GET /api/kyc/{id}/status: the status and reason beside the whole session. */
export const kycStatusAnswer = okWith({
  status: z.enum(KYC_SESSION_STATUSES),
  reason: answerText.nullable(),
  session: kycSessionAnswer,
});
