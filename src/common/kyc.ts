/** KYC (identity checks): a user sends their identity and one document; admins and operators decide. */
import { enumReader } from './list.js';

/** A session's life: pending → approved | verified | rejected (PRODUCT.md, Lifecycles); nothing moves after. */
export const KYC_SESSION_STATUSES = ['pending', 'approved', 'verified', 'rejected'] as const;
export type KycSessionStatus = (typeof KYC_SESSION_STATUSES)[number];
export const kycSessionStatusOf = enumReader(KYC_SESSION_STATUSES, 'pending');

/** What a reviewer may decide. */
export const KYC_DECISIONS = ['approved', 'verified', 'rejected'] as const;
export type KycDecision = (typeof KYC_DECISIONS)[number];

/** A user whose kycStatus is one of these counts as verified (e.g. for the checkout's KYC threshold). */
export const VERIFIED_KYC = ['approved', 'verified'] as const;
export const isKycVerified = (status: string | null | undefined) =>
  (VERIFIED_KYC as readonly unknown[]).includes(status);

export const KYC_DOCUMENT_TYPES = ['passport', 'national_id', 'driving_licence', 'residence_permit'] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

export const KYC_SORTS = ['createdAt', 'legalName', 'status', 'reviewedAt'] as const;

/** The document file: at most 5 MB, a JPEG, PNG, WebP image or a PDF (told from its bytes). */
export const MAX_KYC_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const KYC_DOCUMENT_KINDS = ['jpg', 'png', 'webp', 'pdf'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];
export const KYC_DOCUMENT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/** Youngest age at which a user may be verified. */
export const KYC_MIN_AGE = 18;

/** ISO 3166-1 alpha-2 country codes. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM ' +
  'CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY ' +
  'HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF ' +
  'MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE ' +
  'RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ ' +
  'VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** A KYC session as the API answers it; the document is read through GET /api/kyc/{id}/document. */
export type KycSession = {
  id: string;
  userId: string;
  userEmail: string;
  userName: string | null;
  legalName: string;
  dateOfBirth: string;
  country: string;
  documentType: KycDocumentType;
  documentNumber: string;
  documentKind: KycDocumentKind;
  documentName: string;
  documentBytes: number;
  status: KycSessionStatus;
  /** The reviewer's reason (required when rejected). */
  reason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/kyc: the page, its total and the count of each status for the other filters. */
export type KycSessionPage = {
  sessions: KycSession[];
  total: number;
  totalIsEstimate: boolean;
  counts: Record<KycSessionStatus, number>;
};
