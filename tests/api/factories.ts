/**
 * Test data through the real services (the same validation and transactions the API uses), so a test
 * states only what matters to it. Each builder takes overrides and returns what the API would answer.
 */
import os from 'node:os';
import path from 'node:path';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import type { Role } from '../../src/common/capabilities.js';
import { SANDBOX_CARDS } from '../../src/common/checkout.js';
import { checkoutSessionBody, sandboxConfirmBody } from '../../src/common/checkout.schemas.js';
import { couponBody } from '../../src/common/coupons.schemas.js';
import type { KycSession } from '../../src/common/kyc.js';
import { dnsRecordBody } from '../../src/common/domain.schemas.js';
import { createMintBody } from '../../src/common/mint.schemas.js';
import { type OrderDetail } from '../../src/common/orders.js';
import type { PaymentDetail } from '../../src/common/payments.js';
import { createOrderBody } from '../../src/common/orders.schemas.js';
import { type Product } from '../../src/common/products.js';
import { productBody } from '../../src/common/products.schemas.js';
import { createUser } from '../../server/modules/auth/service.js';
import { hashPassword } from '../../server/lib/crypto.js';
import { createCheckout } from '../../server/modules/checkout/service.js';
import { createCoupon } from '../../server/modules/coupons/service.js';
import { submitKyc } from '../../server/modules/kyc/service.js';
import { createRecord } from '../../server/modules/domain/records.js';
import { createManualJob } from '../../server/modules/mint/service.js';
import { createOrder } from '../../server/modules/orders/service.js';
import { configuredProviders } from '../../server/modules/payments/providers/index.js';
import { sandbox } from '../../server/modules/payments/providers/sandbox.js';
import { confirmHostedPayment, getPaymentDetail } from '../../server/modules/payments/service.js';
import { createProduct } from '../../server/modules/products/service.js';
import { onRunningChain } from '../../server/modules/products/policy.js';
import { DEV_CHAIN_ID } from '../../server/chain/edr-provider.js';
import { DEV_TOKEN_ADDRESS } from '../../server/chain/dev-chain.js';
import { SettingsService } from '../../server/modules/settings/service.js';
import type { Db } from '../../server/db/client.js';

export const PASSWORD = 'test-password-123';
export type { Role };
/** What the builders need of a test app (createTestApp's answer has it). */
type WithDb = { db: Db };

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A new wallet address nobody has minted to. */
/** Where the test apps mint: the embedded dev chain and its token. */
export const DEV_TOKEN = { chainId: DEV_CHAIN_ID, contract: DEV_TOKEN_ADDRESS };

export const freshWallet = () => privateKeyToAccount(generatePrivateKey()).address;

/** A valid product body (what POST /api/products takes), with overrides. */
export function productInput(overrides: Record<string, unknown> = {}) {
  const n = unique().toUpperCase();
  return {
    title: `Gold bar ${n}`,
    sku: `GOLD-${n}`,
    priceFiat: 1250.5,
    priceCrypto: '0.25',
    rwaType: 'commodity',
    status: 'active',
    stock: 10,
    ...overrides,
  };
}

type UserOverrides = { role?: Role; email?: string; status?: string; name?: string; password?: string };

/**
 * PASSWORD's hash, made once per test worker: argon2 spends about 25 ms of CPU on each hash by design, and the API
 * tests made thousands of users with the same password. Logins still verify against a real argon2id hash.
 */
let passwordHash: Promise<string> | undefined;

/** A user (default role user, active, password PASSWORD) with a unique email unless one is given. */
export async function buildUser(t: WithDb, overrides: UserOverrides = {}) {
  const role = overrides.role ?? 'user';
  const password = overrides.password ?? PASSWORD;
  return createUser(t.db, {
    email: overrides.email ?? `${role}.${unique()}@test.dev`,
    password,
    passwordHash: password === PASSWORD ? await (passwordHash ??= hashPassword(PASSWORD)) : undefined,
    role,
    name: overrides.name ?? `${role} ${seq}`,
    status: overrides.status,
  });
}

/** An active product with stock 10 (see productInput), created as the products service creates one. */
export function buildProduct(t: WithDb, overrides: Record<string, unknown> = {}): Promise<Product> {
  return createProduct(t.db, onRunningChain(productBody.parse(productInput(overrides)), DEV_TOKEN), null);
}

type OrderOverrides = {
  /** The buyer's email; default a new shopper. */
  userEmail?: string;
  /** The product; default a new one priced by `product`. */
  productId?: string;
  product?: Record<string, unknown>;
  qty?: number;
  walletAddress?: string | null;
  couponCode?: string | null;
  /** Paid at once by a test payment (POST /api/orders/mock); default pending. */
  paid?: boolean;
};

/** An order through the orders service: pending, or paid by a test payment with `paid: true`. */
export async function buildOrder(t: WithDb, overrides: OrderOverrides = {}): Promise<OrderDetail> {
  const userEmail = overrides.userEmail ?? (await buildUser(t)).email;
  const productId = overrides.productId ?? (await buildProduct(t, overrides.product)).id;
  const input = createOrderBody.parse({
    userEmail,
    productId,
    qty: overrides.qty ?? 1,
    walletAddress: overrides.walletAddress,
    couponCode: overrides.couponCode,
  });
  return createOrder(t.db, new SettingsService(t.db), input, null, { mockPaid: overrides.paid });
}

/** A manual mint job (order id "manual"), queued for the worker. */
export async function buildMintJob(
  t: WithDb,
  overrides: { walletAddress?: string; tokenId?: number | string; amount?: number | string } = {},
) {
  const input = createMintBody.parse({
    walletAddress: overrides.walletAddress ?? freshWallet(),
    tokenId: overrides.tokenId ?? 1,
    amount: overrides.amount ?? 1,
    note: 'Made by a test',
  });
  return createManualJob(t.db, input, null, Number.MAX_SAFE_INTEGER);
}

/** A valid coupon body (what POST /api/coupons takes): 10 % off, no limits, with overrides. */
export const couponInput = (overrides: Record<string, unknown> = {}) => ({
  code: `SAVE-${unique().toUpperCase()}`,
  discountType: 'percentage',
  discountValue: 10,
  ...overrides,
});

/** A coupon through the coupons service. */
export const buildCoupon = (t: WithDb, overrides: Record<string, unknown> = {}) =>
  createCoupon(t.db, couponBody.parse(couponInput(overrides)), null);

type PaymentOverrides = {
  /** The cart; default one unit of a new product priced by `product`. */
  items?: { productId: string; qty: number }[];
  product?: Record<string, unknown>;
  /** The buyer's email; default a new guest's. */
  email?: string;
  walletAddress?: string;
  /** The card paid with (SANDBOX_CARDS); null leaves the payment pending. Default: the card that succeeds. */
  card?: string | null;
};

/** A sandbox payment through the real checkout and the hosted card page: completed unless told otherwise. */
export async function buildPayment(t: WithDb, overrides: PaymentOverrides = {}): Promise<PaymentDetail> {
  const items = overrides.items ?? [{ productId: (await buildProduct(t, overrides.product)).id, qty: 1 }];
  const input = checkoutSessionBody.parse({
    items,
    email: overrides.email ?? `guest.${unique()}@test.dev`,
    provider: 'sandbox',
    walletAddress: overrides.walletAddress,
  });
  const deps = {
    db: t.db,
    settings: await new SettingsService(t.db).get(),
    providers: configuredProviders({ paymentSandbox: true }),
  };
  const { paymentId } = await createCheckout(deps, input, null);
  const card = overrides.card === undefined ? SANDBOX_CARDS.succeeds : overrides.card;
  if (card) {
    const confirm = sandboxConfirmBody.parse({ cardNumber: card, expiry: '12/39', cvc: '123', name: 'Card Holder' });
    await confirmHostedPayment(t.db, sandbox, paymentId, confirm, 'Test shop').catch((err: unknown) => {
      if (card === SANDBOX_CARDS.succeeds) throw err;
    });
  }
  return getPaymentDetail(t.db, paymentId, { confirmations: 1, configured: () => true });
}

/** A PDF small enough for any test: its header and its end marker. */
export const KYC_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A pending KYC session of a new shopper (or of `userId`), sent through the service as the upload route sends it. */
export async function buildKycSession(
  t: WithDb,
  overrides: { userId?: string; dir?: string } = {},
): Promise<KycSession> {
  const user = overrides.userId ? { id: overrides.userId } : await buildUser(t);
  const fields = {
    legalName: 'Grace Hopper',
    dateOfBirth: '1986-12-09',
    country: 'US',
    documentType: 'passport',
    documentNumber: `P${unique()}`.slice(0, 20),
  };
  const upload = {
    fields,
    files: [{ field: 'document', filename: 'passport.pdf', mimetype: 'application/pdf', bytes: KYC_PDF }],
  };
  return submitKyc(t.db, overrides.dir ?? path.join(os.tmpdir(), 'rwa-test-kyc'), upload, {
    id: user.id,
    email: '',
    name: '',
    role: 'user',
    sessionId: '',
    restriction: null,
  });
}
/** A fresh name in the test zone (rwa.test, the default DNS_ZONES). */
export const dnsName = (label = 'host') => `${label}-${unique()}.rwa.test`;

/** A valid DNS record body (what POST /api/domain/record/create takes), with overrides. */
export const dnsRecordInput = (overrides: Record<string, unknown> = {}) => ({
  domain: dnsName(),
  type: 'A',
  value: `192.0.2.${1 + Math.floor(Math.random() * 250)}`,
  ttl: 300,
  ...overrides,
});

export const buildDnsRecord = (t: WithDb, overrides: Record<string, unknown> = {}) =>
  createRecord(t.db, dnsRecordBody.parse(dnsRecordInput(overrides)), ['rwa.test'], null);
