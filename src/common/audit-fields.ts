/**
 * What each record type's audit entries carry: every field the server writes in an entry's details (audit() takes no
 * other: server/modules/audit/service.ts), and for the fields whose values are codes, every code. The audit log
 * labels each field and names each code from the record type's catalogue (src/admin/components/auditLines.ts'
 * CATALOGUE_OF); tests/unit/audit-changes.test.ts checks that every one has its words in English and Chinese.
 */
import { CHANNELS, AUDIENCES } from './notifications.js';
import { PAYOUT_STATUSES } from './referrals.js';
import { COUPON_STATUSES, DISCOUNT_TYPES } from './coupons.js';
import { KYC_DOCUMENT_TYPES, KYC_SESSION_STATUSES } from './kyc.js';
import { MEMBER_LEVELS } from './membership.js';
import { ORDER_FULFILLERS, ORDER_STATUSES } from './orders.js';
import { ORDER_PROVIDERS, PAYMENT_METHODS } from './payments.js';
import { PRODUCT_STATUSES, RWA_TYPES } from './products.js';
import type { AuditEntity } from './resources.js';
import { DEFAULT_SETTINGS, LANGUAGES, type Settings } from './settings.js';
import { DOCUMENT_KINDS } from './tokens.js';
import { ROLES } from './capabilities.js';
import {
  KYC_STATUSES,
  PASSWORD_LINK_PURPOSES,
  PASSWORD_SETUPS,
  RESET_METHODS,
  USER_STATUSES,
  USER_TOOLS,
} from './users.js';

export type { AuditEntity } from './resources.js';

/** Settings' entries carry the settings changed: every one the settings hold. */
const SETTINGS_FIELDS = Object.keys(DEFAULT_SETTINGS) as readonly (keyof Settings)[];

export const AUDIT_FIELDS = {
  product: [
    'id',
    'title',
    'name',
    'sku',
    'description',
    'category',
    'image',
    'imageThumb',
    'priceFiat',
    'priceCrypto',
    'rwaType',
    'chainId',
    'contract',
    'tokenType',
    'tokenId',
    'redeemPolicy',
    'stock',
    'status',
    'minMemberLevel',
    'issuer',
    'custodian',
    'valuationFiat',
    'valuationCurrency',
    'valuedOn',
    'requiresVerifiedHolders',
    'createdAt',
    'bytes',
    'document',
    'kind',
    'sha256',
    'replaces',
    'replacedSha256',
    'wallet',
    'frozen',
    'reason',
    'mintJobId',
    'amount',
    'awaitingApproval',
  ],
  order: [
    'userEmail',
    'productId',
    'qty',
    'couponCode',
    'walletAddress',
    'items',
    'provider',
    'method',
    'status',
    'by',
    'reason',
    'cancelledMints',
  ],
  payment: [
    'code',
    'refundId',
    'amountCents',
    'reason',
    'txHash',
    'valueWei',
    'orderId',
    'provider',
    'customerId',
    'reference',
  ],
  payout: [
    'recipient',
    'commissions',
    'grossCents',
    'deductedCents',
    'amountCents',
    'currency',
    'createdBy',
    'status',
    'reference',
    'txHash',
    'to',
    'amountWei',
    'rate',
    'nonce',
    'error',
  ],
  commission: ['amountCents', 'reason'],
  agent_level: ['commissionRate'],
  coupon: [
    'id',
    'code',
    'description',
    'discountType',
    'discountValue',
    'usageLimit',
    'perCustomerLimit',
    'minimumSubtotal',
    'startDate',
    'endDate',
    'status',
    'usedCount',
    'reservedCount',
    'createdAt',
  ],
  mint_job: [
    'amount',
    'tokenId',
    'walletAddress',
    'note',
    'awaitingApproval',
    'ownWallet',
    'createdBy',
    'reason',
    'lastError',
  ],
  user: [
    'id',
    'email',
    'name',
    'firstName',
    'lastName',
    'phone',
    'lockedUntil',
    'twoFactorEnabled',
    'mustChangePassword',
    'lastLogin',
    'createdAt',
    'status',
    'role',
    'kycStatus',
    'referrerId',
    'walletAddress',
    'passwordSetup',
    'via',
    'expiresAt',
    'purpose',
    'method',
    'kycSession',
    'verifiedHolder',
  ],
  kyc: ['kycStatus', 'documentType', 'country', 'bytes', 'status', 'reason'],
  member: ['amount', 'reason', 'balanceAfter'],
  member_level: ['minPoints', 'minOrders', 'discount', 'freeShipping', 'prioritySupport', 'exclusiveProducts'],
  conversion: ['points', 'tokens', 'tokenId', 'mintJobId'],
  redemption: ['productId', 'quantity', 'pointsUsed', 'note', 'orderId'],
  dns_record: ['domain', 'type', 'value', 'ttl', 'isActive', 'via'],
  settings: SETTINGS_FIELDS,
  notification: ['to', 'title', 'channels', 'audience', 'total'],
  email: ['to', 'subject'],
  webhook: [
    'url',
    'events',
    'enabled',
    'description',
    'failures',
    'disabledReason',
    'failingSince',
    'overlapHours',
    'deliveryId',
    'replay',
    'eventId',
  ],
} as const satisfies Record<AuditEntity, readonly string[]>;

export type AuditField<E extends AuditEntity> = (typeof AUDIT_FIELDS)[E][number];

/**
 * Each record type's fields whose values are codes, with every code: the catalogue names each one (where, in
 * auditLines.ts' codeKey). Codes kept as they are, being the same in every language, are not listed: DNS record
 * types (A, MX), token standards (ERC1155), currencies (USD), countries (DE), time zones, webhook event names.
 */
export const AUDIT_CODES: { [E in AuditEntity]?: { [F in AuditField<E>]?: readonly string[] } } = {
  product: { status: PRODUCT_STATUSES, rwaType: RWA_TYPES, minMemberLevel: MEMBER_LEVELS, kind: DOCUMENT_KINDS },
  order: { status: ORDER_STATUSES, provider: ORDER_PROVIDERS, method: PAYMENT_METHODS, by: ORDER_FULFILLERS },
  payment: { provider: ORDER_PROVIDERS },
  payout: { status: PAYOUT_STATUSES },
  coupon: { status: COUPON_STATUSES, discountType: DISCOUNT_TYPES },
  user: {
    status: USER_STATUSES,
    role: ROLES,
    kycStatus: KYC_STATUSES,
    passwordSetup: PASSWORD_SETUPS,
    method: RESET_METHODS,
    purpose: PASSWORD_LINK_PURPOSES,
    via: USER_TOOLS,
  },
  kyc: { status: KYC_SESSION_STATUSES, kycStatus: KYC_STATUSES, documentType: KYC_DOCUMENT_TYPES },
  notification: { channels: CHANNELS, audience: AUDIENCES },
  settings: { language: LANGUAGES },
};

/** Fields of D that its record type's entries do not carry, here and in an older edit's `{before, after}`. */
type Only<D, F extends string> = {
  [K in keyof D]: K extends F ? D[K] : K extends 'before' | 'after' ? Only<D[K], F> : never;
};

/** The fields of D the list lacks, named in the type error where the entry is written. */
type Unlisted<D, F extends string> = [Exclude<keyof D, F | 'before' | 'after'>] extends [never]
  ? unknown
  : { fieldsToListInAuditFields: Exclude<keyof D, F | 'before' | 'after'> };

/** Details whose fields the compiler cannot see (`any`, `unknown`): refused, as they would escape the check. */
type Unseen<D> = 0 extends 1 & D ? true : unknown extends D ? true : false;

/**
 * An entry's details for `E`: only its listed fields (a field the list lacks is a type error where it is written),
 * and never details of type `any` or `unknown`, whose fields would go unchecked.
 */
export type AuditData<E extends AuditEntity, D> =
  Unseen<D> extends true ? { detailsOfAKnownType: never } : D & Unlisted<D, AuditField<E>> & Only<D, AuditField<E>>;
