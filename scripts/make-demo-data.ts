/**
 * Writes db.json, the demo data (json-server format), deterministically: `npm run demo-data`. One consistent history:
 * accounts, products, orders and payments; coupons used on some orders; a two-level referral network with its clicks;
 * its commissions in every state and the payouts that paid or held them, a refund after a payout and the clawbacks it
 * leaves, one deducted by a later payout (what `npm run reconcile` checks); the managed
 * DNS zone's records with their query and script logs; a bulk send, the inboxes and the outbox;
 * points staff added and redemptions; identity checks waiting, approved and rejected.
 * Run once and commit the output; re-running yields the same file. Dates span 2025-12-01..2026-11-30;
 * the seed moves them so that the newest is the moment it runs (see server/seed/seed.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { faker, SimpleFaker } from '@faker-js/faker';
import { getAddress } from 'viem';
import { DEMO_PRODUCTS } from './demo-products.js';
import { DEV_TOKEN_ADDRESS } from '../server/chain/dev-chain.js';
import { DEV_CHAIN_ID } from '../server/chain/edr-provider.js';
import { DNS_ZONE_DEFAULT } from '../src/common/domain.js';
import { DEFAULT_SETTINGS } from '../src/common/settings.js';
import { mulDivHalfEven } from '../server/modules/cart/pricing.js';
import {
  clawback,
  commissionBase,
  commissionCents,
  ratePpm,
  reducedCents,
} from '../server/modules/commissions/policy.js';
import { ALPHABET } from '../server/modules/referrals/policy.js';
import { CANCELLED_BY_REFUND } from '../server/modules/mint/policy.js';
import { tokenWei } from '../server/modules/payouts/policy.js';
import { MAX_ATTEMPTS } from '../src/common/mint.js';
import { DEMO_CHAIN, signOnDevChain, type Planned } from './demo-chain.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db.json');
const FROM = new Date('2025-12-01T00:00:00Z').getTime();
const TO = new Date('2026-11-30T22:00:00Z').getTime();
const DAY = 86_400_000;
const DEV_PASSWORD = 'rwa-dev-password';

faker.seed(20261130);
/**
 * Tokens are on the dev chain's contract, as `npm start` mints them (a seed loaded elsewhere is mapped onto that chain).
 * The address drawn before that is dropped, so that every later draw, and the file, stay as they were.
 */
const onDevChain = (_drawn: string) => DEV_TOKEN_ADDRESS;
const iso = (ms: number) => new Date(ms).toISOString();
const fiat = (cents: number) => cents / 100;

const staff = [
  { email: 'admin@rwa.dev', name: 'Admin User', role: 'admin' },
  { email: 'finance@rwa.dev', name: 'Finance User', role: 'finance' },
  { email: 'operator@rwa.dev', name: 'Operator User', role: 'operator' },
  { email: 'shopper@rwa.dev', name: 'Sam Shopper', role: 'user' },
].map((u) => ({
  id: faker.string.uuid(),
  ...u,
  status: 'active',
  kycStatus: 'verified',
  password: DEV_PASSWORD,
  createdAt: iso(FROM - 120 * DAY),
  lastLogin: iso(TO - faker.number.int({ min: 1, max: 20 }) * DAY),
}));

const shoppers = Array.from({ length: 40 }, (_, i) => {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const created = faker.number.int({ min: FROM - 180 * DAY, max: TO - 30 * DAY });
  return {
    id: faker.string.uuid(),
    email: faker.internet
      .email({
        firstName,
        lastName,
        provider: faker.helpers.arrayElement(['gmail.com', 'outlook.com', 'proton.me', 'example.com']),
      })
      .toLowerCase(),
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    phone: faker.phone.number({ style: 'international' }),
    role: 'user',
    status: i < 3 ? 'suspended' : i < 5 ? 'inactive' : 'active',
    kycStatus: faker.helpers.weightedArrayElement([
      { value: 'verified', weight: 50 },
      { value: 'approved', weight: 15 },
      { value: 'pending', weight: 25 },
      { value: 'rejected', weight: 10 },
    ]),
    createdAt: iso(created),
    lastLogin: iso(faker.number.int({ min: created, max: TO })),
  };
});
const customers = [staff[3]!, ...shoppers];
const wallets = new Map(customers.map((c) => [c.id, faker.finance.ethereumAddress()]));

const priceCents = new Map<string, number>();
const products = DEMO_PRODUCTS.map((p, i) => {
  const id = faker.string.uuid();
  priceCents.set(id, p.priceCents);
  return {
    id,
    title: p.title,
    sku: p.sku,
    description: p.description,
    category: p.category,
    priceFiat: fiat(p.priceCents),
    // ETH at a notional 3,200 USD, 8 decimals, in integer arithmetic.
    priceCrypto: (Number((BigInt(p.priceCents) * 100_000_000n) / 320_000n) / 1e8).toFixed(8),
    rwaType: p.rwaType,
    chainId: DEV_CHAIN_ID,
    ...(p.tokenised ? { contract: onDevChain(faker.finance.ethereumAddress()), tokenId: String(i + 1) } : {}),
    tokenType: 'ERC1155',
    redeemPolicy: p.redeemPolicy,
    stock: p.stock,
    status: p.status,
    createdAt: iso(FROM - (60 - i * 2) * DAY),
  };
});
const sellable = products.filter((p) => p.status !== 'draft');

// 300 orders drawn: paid 135, fulfilled 75, pending 45, failed 30, refunded 15 (loyal customers' orders come later).
const statuses = faker.helpers.shuffle([
  ...Array<string>(135).fill('paid'),
  ...Array<string>(75).fill('fulfilled'),
  ...Array<string>(45).fill('pending'),
  ...Array<string>(30).fill('failed'),
  ...Array<string>(15).fill('refunded'),
]);
type Item = { id: string; orderId: string; productId: string; qty: number; unitPriceFiat: number };
type Rec = Record<string, unknown>;
/** A sale as the later parts (coupons, commissions) need it: amounts in cents, its order and payment records. */
type Sale = {
  order: Rec;
  payment: Rec | null;
  customerId: string;
  status: string;
  created: number;
  paidAt: number;
  subtotal: number;
  discount: number;
};
const sales: Sale[] = [];
const orders: Record<string, unknown>[] = [];
const orderItems: Item[] = [];
const payments: Record<string, unknown>[] = [];

for (const status of statuses) {
  // Volume grows through the year; pending orders are recent.
  const age =
    status === 'pending'
      ? faker.number.float({ max: 10 }) * DAY
      : (faker.datatype.boolean() ? faker.number.float() : 1 - Math.sqrt(faker.number.float())) * (TO - FROM);
  const created = Math.round(TO - age);
  // Only customers who had signed up by then; the demo shopper account buys more often than most.
  const signedUp = customers.filter((c) => c.createdAt < iso(created));
  const customer = faker.helpers.weightedArrayElement(
    signedUp.map((c, i) => ({ value: c, weight: c === customers[0] ? 6 : 1 + (i % 5) })),
  );
  const id = faker.string.uuid();
  const lines = faker.helpers.arrayElements(
    sellable,
    faker.helpers.weightedArrayElement([
      { value: 1, weight: 85 },
      { value: 2, weight: 15 },
    ]),
  );
  let total = 0;
  let qty = 0;
  for (const p of lines) {
    const q = faker.helpers.weightedArrayElement([
      { value: 1, weight: 80 },
      { value: 2, weight: 15 },
      { value: 3, weight: 5 },
    ]);
    orderItems.push({ id: faker.string.uuid(), orderId: id, productId: p.id, qty: q, unitPriceFiat: p.priceFiat });
    total += priceCents.get(p.id)! * q;
    qty += q;
  }
  const paidAt = created + faker.number.int({ min: 60_000, max: 20 * 60_000 });
  const later = paidAt + faker.number.int({ min: 3_600_000, max: 72 * 3_600_000 });
  const paid = ['paid', 'fulfilled', 'refunded'].includes(status);
  const order: Rec = {
    id,
    userId: customer.id,
    customerEmail: customer.email,
    status,
    qty,
    amountFiat: fiat(total),
    subtotalFiat: fiat(total),
    currency: 'USD',
    ...(lines.some((p) => p.contract) ? { walletAddress: wallets.get(customer.id) } : {}),
    createdAt: iso(created),
    updatedAt: iso(status === 'pending' ? created : status === 'paid' ? paidAt : Math.min(later, TO)),
    ...(paid ? { paidAt: iso(paidAt) } : {}),
    ...(status === 'fulfilled' ? { fulfilledAt: iso(Math.min(later, TO)) } : {}),
  };
  orders.push(order);
  const sale: Sale = {
    order,
    payment: null,
    customerId: customer.id,
    status,
    created,
    paidAt,
    subtotal: total,
    discount: 0,
  };
  sales.push(sale);
  if (!paid) continue;
  const method = faker.helpers.weightedArrayElement([
    { value: 'stripe', weight: 60 },
    { value: 'coinbase', weight: 25 },
    { value: 'bank', weight: 15 },
  ]);
  sale.payment = {
    id: faker.string.uuid(),
    orderId: id,
    userId: customer.id,
    method,
    provider: method,
    amountFiat: fiat(total),
    ...(status === 'refunded' ? { refundedFiat: fiat(total) } : {}),
    currency: 'USD',
    status: status === 'refunded' ? 'refunded' : 'completed',
    reference: `${{ stripe: 'pi_', coinbase: 'cb_', bank: 'bt_' }[method]}${faker.string.alphanumeric(24)}`,
    createdAt: iso(paidAt),
    completedAt: iso(paidAt),
  };
  payments.push(sale.payment);
}

const byDate = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.createdAt).localeCompare(String(b.createdAt));
const [admin, finance] = staff as [(typeof staff)[number], (typeof staff)[number]];
const isPaid = (s: Sale) => s.status === 'paid' || s.status === 'fulfilled';
const amountOf = (s: Sale) => s.subtotal - s.discount;

// ---- Coupons: active, expired and used up; the used ones on paid orders inside their dates (discount as checkout prices it).
type CouponPlan = {
  code: string;
  description: string;
  discountType: 'percentage' | 'fixed';
  value: number;
  from: number;
  to: number;
  uses: number;
  usageLimit?: number;
  perCustomerLimit?: number;
  minimumCents?: number;
};
const COUPONS: CouponPlan[] = [
  {
    code: 'WELCOME10',
    description: '10 % off a first order',
    discountType: 'percentage',
    value: 10_00,
    from: FROM - 30 * DAY,
    to: TO + 180 * DAY,
    uses: 8,
    perCustomerLimit: 1,
  },
  {
    code: 'HOLIDAY20',
    description: 'Holiday sale: 20 % off',
    discountType: 'percentage',
    value: 20_00,
    from: FROM,
    to: FROM + 40 * DAY,
    uses: 4,
  },
  {
    code: 'SPRING25',
    description: '25.00 off orders of 200.00 or more',
    discountType: 'fixed',
    value: 25_00,
    minimumCents: 200_00,
    from: FROM + 100 * DAY,
    to: FROM + 190 * DAY,
    uses: 6,
  },
  {
    code: 'VIP15',
    description: '15 % off the first five orders',
    discountType: 'percentage',
    value: 15_00,
    usageLimit: 5,
    from: FROM + 220 * DAY,
    to: TO + 90 * DAY,
    uses: 5,
  },
  {
    code: 'GOLD50',
    description: '50.00 off orders of 1,000.00 or more',
    discountType: 'fixed',
    value: 50_00,
    minimumCents: 1_000_00,
    usageLimit: 100,
    perCustomerLimit: 2,
    from: TO - 7 * DAY,
    to: TO + 60 * DAY,
    uses: 0,
  },
];
const coupons = COUPONS.map((c) => {
  const fits = sales.filter(
    (s) =>
      isPaid(s) &&
      !s.order.couponCode &&
      s.created >= c.from &&
      s.created <= c.to &&
      s.subtotal >= (c.minimumCents ?? 0),
  );
  const eligible = c.perCustomerLimit
    ? fits.filter((s, i) => fits.findIndex((f) => f.customerId === s.customerId) === i)
    : fits;
  const used = faker.helpers.arrayElements(eligible, c.uses);
  if (used.length < c.uses) throw new Error(`${c.code}: only ${used.length} orders can use it`);
  for (const sale of used) {
    sale.discount =
      c.discountType === 'percentage'
        ? mulDivHalfEven(sale.subtotal, c.value, 100_00)
        : Math.min(c.value, sale.subtotal);
    Object.assign(sale.order, {
      couponCode: c.code,
      discountFiat: fiat(sale.discount),
      amountFiat: fiat(amountOf(sale)),
    });
    Object.assign(sale.payment!, { amountFiat: fiat(amountOf(sale)) });
  }
  return {
    id: faker.string.uuid(),
    code: c.code,
    description: c.description,
    discountType: c.discountType,
    discountValue: fiat(c.value),
    ...(c.usageLimit ? { usageLimit: c.usageLimit } : {}),
    ...(c.perCustomerLimit ? { perCustomerLimit: c.perCustomerLimit } : {}),
    ...(c.minimumCents ? { minimumSubtotalFiat: fiat(c.minimumCents) } : {}),
    startDate: iso(c.from),
    endDate: iso(c.to),
    usedCount: used.length,
    createdBy: admin.id,
    createdAt: iso(c.from - 3 * DAY),
  };
});

// ---- The referral network, two levels: the earliest sign-up referred the demo shopper and the next one, who each
// referred later sign-ups. An order earns for its buyer's referrer (level 1) and theirs (level 2).
const bySignUp = shoppers.filter((u) => u.status === 'active').sort(byDate);
const top = bySignUp[0]!;
const second = bySignUp[1]!;
const shopper = customers[0]!;
if (top.createdAt > shopper.createdAt) throw new Error('the top referrer signed up after the demo shopper');
const uplineOf = new Map<string, string>();
const refer = (referrer: { id: string }, people: { id: string; createdAt: string }[]) => {
  for (const p of people) {
    Object.assign(p, { referredById: referrer.id, referredAt: p.createdAt });
    uplineOf.set(p.id, referrer.id);
  }
};
const unreferred = (after: string) =>
  bySignUp.filter((u) => u.createdAt > after && u !== top && u !== second && !uplineOf.has(u.id));
refer(top, [shopper, second]);
refer(shopper, faker.helpers.arrayElements(unreferred(shopper.createdAt), 6));
refer(second, faker.helpers.arrayElements(unreferred(second.createdAt), 4));
const referrers = [top, shopper, second];
for (const r of referrers)
  Object.assign(r, { referralCode: faker.string.fromCharacters(ALPHABET, 10), walletAddress: wallets.get(r.id) });
for (const sale of sales) {
  const referrer = uplineOf.get(sale.customerId);
  if (referrer) sale.order.referrerId = referrer;
}
// Clicks on each referrer's link from a pool of returning visitors (kept as salted hashes, as the live system does).
const referralClicks = referrers
  .flatMap((r) => {
    const visitors = Array.from({ length: 12 }, () =>
      faker.string.hexadecimal({ length: 64, casing: 'lower', prefix: '' }),
    );
    return Array.from({ length: faker.number.int({ min: 25, max: 60 }) }, () => {
      const at = faker.number.int({ min: Math.max(FROM, Date.parse(r.createdAt)), max: TO });
      const visitorHash = faker.helpers.arrayElement(visitors);
      // Some come back within the hour: another click, not another unique one.
      const again = faker.datatype.boolean(0.3)
        ? [Math.min(at + faker.number.int({ min: 60_000, max: 3_600_000 }), TO)]
        : [];
      return [at, ...again].map((ms) => ({ referrerId: r.id, visitorHash, createdAt: iso(ms) }));
    }).flat();
  })
  .sort(byDate);

// ---- Commissions at the agent levels' default rates (db.json keeps them), computed by the live engine's functions.
const RATES = { 1: '0.05', 2: '0.005' } as const;
const HOLD = DEFAULT_SETTINGS.commissionHoldDays * DAY;
// Staff review commissions once a week: those past their hold for less than a week still wait.
const REVIEWED_BEFORE = TO - HOLD - 7 * DAY;
type Commission = {
  id: string;
  sale: Sale;
  referrerId: string;
  level: 1 | 2;
  base: number;
  original: number;
  amount: number;
  status: string;
  decided?: number;
  payoutId?: string;
  paid?: number;
  rejectReason?: string;
};
const commissions: Commission[] = [...sales]
  .sort((a, b) => a.paidAt - b.paidAt)
  .flatMap((sale) => {
    const first = sale.order.referrerId as string | undefined;
    if (!first || !(isPaid(sale) || sale.status === 'refunded')) return [];
    const base = commissionBase({
      subtotalCents: sale.subtotal,
      discountCents: sale.discount,
      amountCents: amountOf(sale),
      taxCents: 0,
      shippingCents: 0,
    });
    return (
      [
        [1, first],
        [2, uplineOf.get(first)],
      ] as const
    ).flatMap(([level, referrerId]) => {
      const original = referrerId && referrerId !== sale.customerId ? commissionCents(ratePpm(RATES[level]), base) : 0;
      if (!original) return [];
      const reviewed = sale.paidAt < REVIEWED_BEFORE;
      // A refunded order's commissions were reversed before any payout took them.
      const status = sale.status === 'refunded' ? 'reversed' : reviewed ? 'approved' : 'pending';
      return [
        {
          id: faker.string.uuid(),
          sale,
          referrerId: referrerId!,
          level,
          base,
          original,
          amount: status === 'reversed' ? 0 : original,
          status,
          ...(reviewed ? { decided: sale.paidAt + HOLD + 3_600_000 } : {}),
        },
      ];
    });
  });
const rejected = commissions.find((c) => c.referrerId === second.id && c.status === 'approved')!;
Object.assign(rejected, {
  status: 'rejected',
  rejectReason: 'The buyer and the referrer share a card and an address: a self-referral.',
});
// A partial refund of an order whose commissions wait for review: they shrink in place to the unrefunded share.
const refundedSale = commissions.filter((c) => c.status === 'pending' && c.sale.status === 'paid').at(-1)!.sale;
const refundedCents = mulDivHalfEven(amountOf(refundedSale), 30, 100);
refundedSale.payment!.refundedFiat = fiat(refundedCents);
for (const c of commissions.filter((x) => x.sale === refundedSale))
  c.amount = reducedCents(ratePpm(RATES[c.level]), c.base, amountOf(refundedSale), refundedCents);

// ---- Payouts, in date order per referrer: each takes the approved commissions no payout holds. A completed one pays
// them; a pending one holds them (awaiting a second approver); a failed or cancelled one gave them back.
type PayoutPlan = { status: 'completed' | 'pending' | 'failed' | 'cancelled'; at: number; note?: string };
const PAYOUTS: [{ id: string }, PayoutPlan[]][] = [
  [
    top,
    [
      { status: 'completed', at: TO - 200 * DAY },
      { status: 'completed', at: TO - 60 * DAY },
      { status: 'pending', at: TO - 3 * DAY },
    ],
  ],
  [
    shopper,
    [
      { status: 'completed', at: TO - 90 * DAY },
      { status: 'failed', at: TO - 30 * DAY, note: 'The bank returned the transfer: the account is closed.' },
    ],
  ],
  [
    second,
    [
      { status: 'cancelled', at: TO - 100 * DAY, note: 'The recipient asked to wait for the next payout.' },
      { status: 'completed', at: TO - 70 * DAY },
    ],
  ],
];
/** How many commissions each payout took when it was made (a failed or cancelled one gave them back since). */
const payoutHeld = new Map<string, number>();
const payouts = PAYOUTS.flatMap(([recipient, plans]) =>
  plans.flatMap((p) => {
    const held = commissions.filter(
      (c) => c.referrerId === recipient.id && c.status === 'approved' && !c.payoutId && c.decided! < p.at,
    );
    if (!held.length) return [];
    const id = faker.string.uuid();
    const done = p.at + DAY;
    if (p.status === 'completed') for (const c of held) Object.assign(c, { status: 'paid', payoutId: id, paid: done });
    if (p.status === 'pending') for (const c of held) c.payoutId = id;
    const gross = held.reduce((sum, c) => sum + c.amount, 0);
    payoutHeld.set(id, held.length);
    return [
      {
        id,
        recipientId: recipient.id,
        grossFiat: fiat(gross),
        deductedFiat: 0,
        amountFiat: fiat(gross),
        currency: 'USD',
        status: p.status,
        method: 'bank',
        ...(p.status === 'completed'
          ? { reference: `BT-${faker.string.alphanumeric({ length: 12, casing: 'upper' })}` }
          : {}),
        ...(p.note ? { note: p.note } : {}),
        requestedBy: finance.id,
        ...(p.status === 'completed'
          ? { approvedBy: admin.id, approvedAt: iso(p.at + 2 * 3_600_000), completedAt: iso(done) }
          : {}),
        createdAt: iso(p.at),
        updatedAt: iso(p.status === 'pending' ? p.at : done),
      },
    ];
  }),
);
const commissionRecords = commissions.map((c) => ({
  id: c.id,
  orderId: c.sale.order.id,
  referrerId: c.referrerId,
  level: c.level,
  rate: RATES[c.level],
  baseFiat: fiat(c.base),
  originalFiat: fiat(c.original),
  amountFiat: fiat(c.amount),
  currency: 'USD',
  status: c.status,
  ...(c.payoutId ? { payoutId: c.payoutId } : {}),
  earnedAt: iso(c.sale.paidAt),
  ...(c.decided ? { decidedAt: iso(c.decided), decidedBy: finance.id } : {}),
  ...(c.rejectReason ? { rejectReason: c.rejectReason } : {}),
  ...(c.paid ? { paidAt: iso(c.paid) } : {}),
  createdAt: iso(c.sale.paidAt),
  updatedAt: iso(c.paid ?? c.decided ?? c.sale.paidAt),
}));
// ---- Domain management: the managed zone's records (a few switched off), lookups through the resolver (the query log)
// and the scripts staff ran (the script log). Drawn after everything above, so that adding them changed none of it.
const ZONE = DNS_ZONE_DEFAULT;
const operator = staff[2]!;
type DnsPlan = [name: string, type: string, value: string, ttl: number, active: boolean];
const DNS: DnsPlan[] = [
  [ZONE, 'A', '192.0.2.10', 3600, true],
  [ZONE, 'AAAA', '2001:db8::10', 3600, true],
  [`www.${ZONE}`, 'CNAME', ZONE, 3600, true],
  [`shop.${ZONE}`, 'A', '192.0.2.20', 300, true],
  [`mail.${ZONE}`, 'A', '192.0.2.25', 3600, true],
  [ZONE, 'MX', `10 mail.${ZONE}`, 3600, true],
  [ZONE, 'TXT', 'v=spf1 mx -all', 3600, true],
  [`_dmarc.${ZONE}`, 'TXT', `v=DMARC1; p=quarantine; rua=mailto:dmarc@${ZONE}`, 3600, true],
  [`api.${ZONE}`, 'A', '192.0.2.30', 300, true],
  [`staging.${ZONE}`, 'A', '192.0.2.99', 300, false],
  [`old-shop.${ZONE}`, 'CNAME', `shop.${ZONE}`, 300, false],
  [`beta.${ZONE}`, 'AAAA', '2001:db8::99', 300, false],
];
const dnsRecords = DNS.map(([domain, type, value, ttl, isActive], i) => {
  const created = FROM - 30 * DAY + i * 6 * DAY;
  const changed = isActive ? created : faker.number.int({ min: created + DAY, max: TO - 10 * DAY });
  return {
    id: faker.string.uuid(),
    domain,
    type,
    value,
    ttl,
    isActive,
    createdBy: (i % 3 ? operator : admin).id,
    createdAt: iso(created),
    updatedAt: iso(changed),
  };
});
const answers = (name: string, type: string) =>
  dnsRecords.filter((r) => r.isActive && r.domain === name && r.type === type).map((r) => r.value);
const LOOKUPS: [string, string][] = [
  [ZONE, 'A'],
  [`www.${ZONE}`, 'CNAME'],
  [`shop.${ZONE}`, 'A'],
  [ZONE, 'MX'],
  [ZONE, 'TXT'],
  [`staging.${ZONE}`, 'A'],
  [`nope.${ZONE}`, 'A'],
];
const dnsQueryLogs = Array.from({ length: 36 }, () => {
  const external = faker.datatype.boolean(0.25);
  const [domain, type] = external
    ? [faker.helpers.arrayElement(['example.com', 'example.org', 'iana.org']), 'A']
    : faker.helpers.arrayElement(LOOKUPS);
  const result = external
    ? [`93.184.${faker.number.int({ min: 0, max: 255 })}.${faker.number.int({ min: 1, max: 254 })}`]
    : answers(domain, type);
  return {
    domain,
    type,
    success: result.length > 0,
    result,
    ...(result.length ? {} : { error: `No ${type} record for ${domain}.` }),
    source: external ? 'system' : 'managed',
    durationMs: external ? faker.number.int({ min: 8, max: 120 }) : faker.number.int({ min: 0, max: 3 }),
    ip: faker.internet.ipv4(),
    createdAt: iso(faker.number.int({ min: TO - 60 * DAY, max: TO })),
  };
}).sort(byDate);
const [api, staging] = [dnsRecords[8]!, dnsRecords[9]!];
const dnsScriptLogs = [
  {
    scriptName: 'Create DNS Record',
    parameters: { domain: api.domain, type: 'A', value: '192.0.2.31', ttl: 300 },
    success: true,
    output: `Created A record ${api.domain} → 192.0.2.31 (TTL 300).`,
    recordId: api.id,
    actorId: operator.id,
    createdAt: api.createdAt,
  },
  {
    scriptName: 'Update DNS Record',
    parameters: { domain: api.domain, type: 'A', value: api.value },
    success: true,
    output: `Updated A record ${api.domain}: 192.0.2.31 → ${api.value} (TTL 300).`,
    recordId: api.id,
    actorId: operator.id,
    createdAt: iso(Date.parse(api.createdAt) + DAY),
  },
  {
    scriptName: 'Create DNS Record',
    parameters: { domain: `www.${ZONE}`, type: 'A', value: '192.0.2.10' },
    success: false,
    error: `www.${ZONE} has a CNAME record: no other record can share its name.`,
    actorId: operator.id,
    createdAt: iso(TO - 40 * DAY),
  },
  {
    scriptName: 'Delete DNS Record',
    parameters: { domain: `test.${ZONE}`, type: 'A', value: '192.0.2.98' },
    success: true,
    output: `Deleted A record test.${ZONE} → 192.0.2.98.`,
    recordId: faker.string.uuid(),
    actorId: admin.id,
    createdAt: iso(TO - 20 * DAY),
  },
  {
    scriptName: 'Delete DNS Record',
    parameters: { domain: staging.domain, type: 'A', value: '192.0.2.1' },
    success: false,
    error: `No A record ${staging.domain} → 192.0.2.1 to delete.`,
    actorId: admin.id,
    createdAt: iso(TO - 5 * DAY),
  },
];

// ---- Notifications: one bulk send to everyone, completed (each active account then got it in the app and by email,
// kept in the outbox as no SMTP server was set), and each account's own notices, the older ones read.
const BULK_AT = TO - 14 * DAY;
const everyone = [...staff, ...shoppers]
  .filter((u) => u.status === 'active' && u.createdAt <= iso(BULK_AT))
  .sort((a, b) => a.id.localeCompare(b.id));
const bulk = {
  id: faker.string.uuid(),
  audience: 'all',
  title: 'New: tokenised silver bars',
  body: 'Silver bars now come with their token: buy one and it is minted to your wallet. Existing holders need do nothing.',
  inApp: true,
  email: true,
  status: 'completed',
  total: everyone.length,
  reached: everyone.length,
  cursor: everyone.at(-1)!.id,
  sent: everyone.length,
  failed: 0,
  skipped: 0,
  createdBy: admin.id,
  createdAt: iso(BULK_AT),
  expandedAt: iso(BULK_AT + 60_000),
  finishedAt: iso(BULK_AT + 120_000),
};
type Notice = { userId: string; title: string; body: string; link: string; at: number };
const paidNotices: Notice[] = sales
  .filter((sale) => isPaid(sale) && sale.paidAt > TO - 45 * DAY)
  .map((sale) => ({
    userId: sale.customerId,
    link: '/shop/account',
    at: sale.paidAt,
    title: `Order ${String(sale.order.id).slice(0, 8)} is paid`,
    body: `We received your payment of ${(amountOf(sale) / 100).toFixed(2)} USD for order ${String(sale.order.id)}. Thank you for your purchase.`,
  }));
const staffNotices: Notice[] = [
  {
    userId: admin.id,
    title: 'A payout awaits your approval',
    body: 'A payout requested by Finance User needs a second approver.',
    link: '/payouts',
    at: TO - 3 * DAY,
  },
  {
    userId: admin.id,
    title: 'Identity checks to review',
    body: 'New identity documents were sent for review.',
    link: '/kyc',
    at: TO - 2 * DAY,
  },
  {
    userId: admin.id,
    title: 'Weekly report ready',
    body: 'Last week’s sales and commissions are in Reports.',
    link: '/reports',
    at: TO - 30 * DAY,
  },
  {
    userId: finance.id,
    title: 'Commissions to review',
    body: 'Commissions past their hold period wait for approval.',
    link: '/referrals',
    at: TO - 7 * DAY,
  },
  {
    userId: finance.id,
    title: 'A payout failed',
    body: 'The bank returned a transfer: the account is closed.',
    link: '/payouts',
    at: TO - 29 * DAY,
  },
  {
    userId: operator.id,
    title: 'Low stock',
    body: 'A product has fewer than five items left.',
    link: '/products',
    at: TO - 4 * DAY,
  },
];
const notifications = [
  ...everyone.map((u) => ({
    userId: u.id,
    title: bulk.title,
    body: bulk.body,
    bulkId: bulk.id,
    at: BULK_AT + 60_000,
    read: faker.datatype.boolean(0.6),
  })),
  ...[...staffNotices, ...paidNotices].map(({ at, ...n }) => ({
    ...n,
    at,
    read: at < TO - 10 * DAY || faker.datatype.boolean(0.3),
  })),
]
  .sort((a, b) => a.at - b.at)
  .map(({ at, read, ...n }) => ({
    id: faker.string.uuid(),
    ...n,
    ...(read ? { readAt: iso(Math.min(at + faker.number.int({ min: 600_000, max: 2 * DAY }), TO)) } : {}),
    createdAt: iso(at),
  }));
const emailMessages = everyone.map((u) => ({
  userId: u.id,
  to: u.email,
  subject: bulk.title,
  body: bulk.body,
  bulkId: bulk.id,
  status: 'outbox',
  attempts: 1,
  nextAttemptAt: iso(BULK_AT + 60_000),
  createdAt: iso(BULK_AT + 60_000),
  sentAt: iso(BULK_AT + 90_000),
}));

// ---- Membership: paid orders earn their points on load (1 a currency unit); here staff add or take some with a reason,
// and members spend points on products: redemptions waiting for staff and one rejected (its points given back).
const REDEEM_PER_UNIT = DEFAULT_SETTINGS.redemptionPointsPerCurrencyUnit;
const earnedBy = (userId: string, at: number) =>
  sales
    .filter((sale) => sale.customerId === userId && isPaid(sale) && sale.paidAt <= at)
    .reduce((sum, sale) => sum + Math.floor(Math.max(amountOf(sale), 0) / 100), 0);
const ADJUSTMENTS: [user: { id: string }, amount: number, reason: string, at: number][] = [
  [shopper, 1_500, 'Welcome bonus for joining the referral programme', TO - 150 * DAY],
  [shoppers[10]!, 750, 'Goodwill: the delivery was two weeks late', TO - 60 * DAY],
  [shoppers[20]!, 300, 'Goodwill: a support ticket answered late', TO - 25 * DAY],
];
const pointsEntries = ADJUSTMENTS.map(([user, amount, reason, at]) => ({
  id: faker.string.uuid(),
  userId: user.id,
  type: 'ADJUSTED',
  amount,
  reason,
  actorId: finance.id,
  createdAt: iso(at),
}));
const reward = sellable
  .filter((p) => p.status === 'active')
  .sort((a, b) => priceCents.get(a.id)! - priceCents.get(b.id)!)[0]!;
const rewardCost = Math.ceil((priceCents.get(reward.id)! * REDEEM_PER_UNIT) / 100);
type RedemptionPlan = { status: 'PENDING' | 'REJECTED'; at: number; note?: string };
const REDEMPTIONS: RedemptionPlan[] = [
  {
    status: 'REJECTED',
    at: TO - 40 * DAY,
    note: 'This product cannot be redeemed this month: its stock is held for orders.',
  },
  { status: 'PENDING', at: TO - 2 * DAY },
  { status: 'PENDING', at: TO - DAY },
];
const redeemers = [...customers]
  .filter((c) => c.status === 'active')
  .sort((a, b) => earnedBy(b.id, TO - 40 * DAY) - earnedBy(a.id, TO - 40 * DAY) || a.id.localeCompare(b.id));
type RedemptionRecord = {
  id: string;
  userId: string;
  productId: string;
  quantity: number;
  pointsUsed: number;
  status: string;
  orderId?: string;
  note?: string;
  decidedBy?: string;
  decidedAt?: string;
  createdAt: string;
  updatedAt: string;
};
const redemptions: RedemptionRecord[] = REDEMPTIONS.map((plan, i) => {
  const user = redeemers[i]!;
  if (earnedBy(user.id, plan.at) < rewardCost)
    throw new Error(`${user.email} has too few points to redeem ${reward.title}`);
  const decided = plan.status === 'PENDING' ? null : plan.at + 2 * DAY;
  return {
    id: faker.string.uuid(),
    userId: user.id,
    productId: reward.id,
    quantity: 1,
    pointsUsed: rewardCost,
    status: plan.status,
    ...(plan.note ? { note: plan.note } : {}),
    ...(decided ? { decidedBy: operator.id, decidedAt: iso(decided) } : {}),
    createdAt: iso(plan.at),
    updatedAt: iso(decided ?? plan.at),
  };
});

// ---- Identity checks: the shoppers whose KYC status says they sent their papers have a session to match, waiting for
// review, approved or verified, or rejected with what to fix (each document is a placeholder the seed writes on load).
const KYC_REJECTIONS = [
  'The photo of the document is too blurred to read',
  'The document has expired',
  'The name differs from the account’s',
];
const kycSessions = shoppers
  .filter((u) => u.status === 'active')
  .slice(0, 16)
  .map((u, i) => {
    const submitted = faker.number.int({ min: Math.max(Date.parse(u.createdAt), TO - 90 * DAY), max: TO - 3 * DAY });
    const decided =
      u.kycStatus === 'pending' ? null : Math.min(submitted + faker.number.int({ min: 3_600_000, max: 2 * DAY }), TO);
    const documentType = faker.helpers.arrayElement(['passport', 'national_id', 'driving_licence', 'residence_permit']);
    return {
      id: faker.string.uuid(),
      userId: u.id,
      legalName: u.name,
      dateOfBirth: iso(faker.date.birthdate({ min: 21, max: 70, mode: 'age', refDate: TO }).getTime()).slice(0, 10),
      country: faker.helpers.arrayElement(['US', 'GB', 'DE', 'FR', 'SG', 'CN', 'JP', 'CA']),
      documentType,
      documentNumber: faker.string.alphanumeric({ length: 9, casing: 'upper' }),
      documentName: `${documentType.replace('_', '-')}-scan.png`,
      status: u.kycStatus,
      ...(u.kycStatus === 'rejected' ? { reason: KYC_REJECTIONS[i % KYC_REJECTIONS.length] } : {}),
      ...(decided ? { reviewedBy: (i % 2 ? operator : admin).id, reviewedAt: iso(decided) } : {}),
      createdAt: iso(submitted),
      updatedAt: iso(decided ?? submitted),
    };
  });

// ---- Refunds, one row each as the live refund path writes them (payments/service.ts applyRefund): each refunded order's
// in full, and a few paid orders' in part (the order stays paid; its payment's refundedFiat is the sum; its commissions no
// payout holds shrink in place). Drawn from their own generator, so that every record above stays as it was.
const later = new SimpleFaker();
later.seed(25_2026);
const REFUND_REASONS = [
  'The customer cancelled before delivery.',
  'The item arrived damaged.',
  'Charged twice by mistake.',
  'Returned within 14 days.',
];
const refundReference = (method: unknown) =>
  method === 'stripe'
    ? { reference: `re_${later.string.alphanumeric(24)}` }
    : method === 'bank'
      ? { reference: `BT-${later.string.alphanumeric({ length: 12, casing: 'upper' })}` }
      : {};
type RefundPlan = { sale: Sale; cents: number; at: number; reason: string; by: string };
const refundPlans: RefundPlan[] = sales
  .filter((sale) => sale.status === 'refunded')
  .map((sale) => ({
    sale,
    cents: amountOf(sale),
    at: Date.parse(String(sale.order.updatedAt)),
    reason: later.helpers.arrayElement(REFUND_REASONS),
    by: finance.id,
  }));
refundPlans.push({
  sale: refundedSale,
  cents: refundedCents,
  at: Math.min(refundedSale.paidAt + 2 * DAY, TO),
  reason: 'Part of the order arrived damaged: 30 % given back.',
  by: finance.id,
});
// More partial refunds, on paid orders no payout has touched and whose buyer spent no points (a refund takes points back).
const untouched = (sale: Sale) =>
  isPaid(sale) &&
  sale !== refundedSale &&
  !sale.order.couponCode &&
  sale.paidAt < TO - 8 * DAY &&
  !redemptions.some((r) => r.userId === sale.customerId) &&
  !commissions.some((c) => c.sale === sale && (c.payoutId || c.status === 'paid'));
const twoLines = later.helpers.arrayElement(
  sales.filter((sale) => untouched(sale) && orderItems.filter((l) => l.orderId === sale.order.id).length === 2),
);
const lineBack = orderItems.find((l) => l.orderId === twoLines.order.id)!;
refundPlans.push({
  sale: twoLines,
  cents: Math.round(lineBack.unitPriceFiat * 100) * lineBack.qty,
  at: twoLines.paidAt + 4 * DAY,
  reason: 'One of the two items was returned.',
  by: finance.id,
});
const goodwill = later.helpers.arrayElement(
  sales.filter(
    (sale) =>
      untouched(sale) && sale !== twoLines && commissions.some((c) => c.sale === sale && c.status === 'pending'),
  ),
);
refundPlans.push({
  sale: goodwill,
  cents: mulDivHalfEven(amountOf(goodwill), 10, 100),
  at: goodwill.paidAt + DAY,
  reason: 'Goodwill: the delivery was late.',
  by: admin.id,
});
refundPlans.push({
  sale: goodwill,
  cents: mulDivHalfEven(amountOf(goodwill), 15, 100),
  at: goodwill.paidAt + 3 * DAY,
  reason: 'The packaging was damaged.',
  by: finance.id,
});
const refunds = refundPlans
  .map((plan) => ({
    id: later.string.uuid(),
    paymentId: plan.sale.payment!.id,
    amountFiat: fiat(plan.cents),
    reason: plan.reason,
    ...refundReference(plan.sale.payment!.method),
    createdBy: plan.by,
    createdAt: iso(plan.at),
  }))
  .sort(byDate);
for (const sale of new Set(refundPlans.map((plan) => plan.sale))) {
  const given = refundPlans.filter((plan) => plan.sale === sale);
  const total = given.reduce((sum, plan) => sum + plan.cents, 0);
  const last = Math.max(...given.map((plan) => plan.at));
  Object.assign(sale.payment!, { refundedFiat: fiat(total), updatedAt: iso(last) });
  if (sale.status === 'refunded') continue;
  // The live engine recomputes them from the totals: those no payout holds shrink to the unrefunded share.
  for (const c of commissions.filter((x) => x.sale === sale && (x.status === 'pending' || x.status === 'approved'))) {
    const record = commissionRecords.find((r) => r.id === c.id)!;
    Object.assign(record, {
      amountFiat: fiat(reducedCents(ratePpm(RATES[c.level]), c.base, amountOf(sale), total)),
      updatedAt: iso(Math.max(last, Date.parse(record.updatedAt))),
    });
  }
}

// ---- A refund after a payout: half of an order whose commissions completed payouts had already paid (level 1 to the
// buyer's referrer, level 2 to the top referrer) was given back months later. The live refund path leaves a paid
// commission as it is and writes a clawback (the seed derives it, server/seed/clawbacks.ts) that the referrer's next
// payout deducts: the top referrer's next one did; the other referrer has had no payout since, so theirs is still open.
// Drawn from its own generator, so that every record above stays as it was.
const afterPayout = new SimpleFaker();
afterPayout.seed(26_2026);
const CLAWED_AT = TO - 65 * DAY;
const payoutMade = (id: string | undefined) => Date.parse(payouts.find((p) => p.id === id)?.createdAt ?? '');
const clawedSale = sales.find((sale) => {
  const earned = commissions.filter((c) => c.sale === sale);
  return (
    isPaid(sale) &&
    !sale.order.couponCode &&
    !refundPlans.some((plan) => plan.sale === sale) &&
    !referrers.some((r) => r.id === sale.customerId) &&
    uplineOf.get(sale.customerId) !== top.id &&
    !redemptions.some((r) => r.userId === sale.customerId) &&
    !pointsEntries.some((e) => e.userId === sale.customerId) &&
    earned.length === 2 &&
    earned.every((c) => c.status === 'paid' && payoutMade(c.payoutId) < CLAWED_AT)
  );
});
if (!clawedSale) throw new Error('no paid order to refund after its payouts');
const clawedPlan: RefundPlan = {
  sale: clawedSale,
  cents: mulDivHalfEven(amountOf(clawedSale), 50, 100),
  at: CLAWED_AT,
  reason: 'A faulty item, reported months after delivery: half given back.',
  by: finance.id,
};
refundPlans.push(clawedPlan);
refunds.push({
  id: afterPayout.string.uuid(),
  paymentId: clawedSale.payment!.id,
  amountFiat: fiat(clawedPlan.cents),
  reason: clawedPlan.reason,
  ...(clawedSale.payment!.method === 'stripe'
    ? { reference: `re_${afterPayout.string.alphanumeric(24)}` }
    : clawedSale.payment!.method === 'bank'
      ? { reference: `BT-${afterPayout.string.alphanumeric({ length: 12, casing: 'upper' })}` }
      : {}),
  createdBy: clawedPlan.by,
  createdAt: iso(clawedPlan.at),
});
refunds.sort(byDate);
Object.assign(clawedSale.payment!, { refundedFiat: fiat(clawedPlan.cents), updatedAt: iso(clawedPlan.at) });
const clawbacks = commissions
  .filter((c) => c.sale === clawedSale)
  .flatMap((c) => {
    const taken = clawback(ratePpm(RATES[c.level]), c.base, amountOf(clawedSale), clawedPlan.cents, c.amount);
    return taken ? [{ referrerId: c.referrerId, cents: taken.cents, at: clawedPlan.at, settled: false }] : [];
  });
// Each payout made after a clawback takes it (a failed or cancelled one gives it back), as createPayout does.
for (const p of [...payouts].sort(byDate)) {
  const open = clawbacks.filter((a) => a.referrerId === p.recipientId && !a.settled && a.at < Date.parse(p.createdAt));
  if (!open.length) continue;
  const deducted = -open.reduce((sum, a) => sum + a.cents, 0);
  Object.assign(p, { deductedFiat: fiat(deducted), amountFiat: fiat(Math.round(p.grossFiat * 100) - deducted) });
  if (p.status === 'completed' || p.status === 'pending') for (const a of open) a.settled = true;
}

// ---- An approved redemption: staff approved it, which made its zero-price order, paid by the points, for the member's
// wallet (the reward is tokenised: the order waits for its mint, which is not in this file). Drawn from `later`.
const APPROVED_AT = TO - 20 * DAY;
// A referrer (they have a wallet) with the points, none spent or given back to a refund.
const approver = referrers.find(
  (u) =>
    earnedBy(u.id, APPROVED_AT - 2 * DAY) >= rewardCost &&
    !redemptions.some((r) => r.userId === u.id) &&
    !refundPlans.some((plan) => plan.sale.customerId === u.id && plan.sale.status !== 'refunded'),
)!;
const approved = {
  id: later.string.uuid(),
  orderId: later.string.uuid(),
  lineId: later.string.uuid(),
  paymentId: later.string.uuid(),
};
orders.push({
  id: approved.orderId,
  userId: approver.id,
  customerEmail: approver.email,
  status: 'paid',
  qty: 1,
  amountFiat: 0,
  subtotalFiat: 0,
  currency: 'USD',
  walletAddress: (approver as { walletAddress?: string }).walletAddress,
  createdAt: iso(APPROVED_AT),
  updatedAt: iso(APPROVED_AT),
  paidAt: iso(APPROVED_AT),
});
orderItems.push({ id: approved.lineId, orderId: approved.orderId, productId: reward.id, qty: 1, unitPriceFiat: 0 });
payments.push({
  id: approved.paymentId,
  orderId: approved.orderId,
  userId: approver.id,
  method: 'points',
  provider: 'points',
  amountFiat: 0,
  currency: 'USD',
  status: 'completed',
  reference: `redemption ${approved.id}`,
  createdAt: iso(APPROVED_AT),
  completedAt: iso(APPROVED_AT),
});
redemptions.push({
  id: approved.id,
  userId: approver.id,
  productId: reward.id,
  quantity: 1,
  pointsUsed: rewardCost,
  status: 'APPROVED',
  orderId: approved.orderId,
  note: 'Approved: the token is minted to your wallet.',
  decidedBy: operator.id,
  decidedAt: iso(APPROVED_AT),
  createdAt: iso(APPROVED_AT - 2 * DAY),
  updatedAt: iso(APPROVED_AT),
});
redemptions.sort(byDate);

// ---- Loyal customers: two who were nobody's referral buy the cheapest active product every couple of weeks, so that
// the members reach every level (Platinum takes 15 paid orders, Diamond 30). Drawn after everything above.
const cheapest = sellable
  .filter((p) => p.status === 'active')
  .sort((a, b) => priceCents.get(a.id)! - priceCents.get(b.id)!)[0]!;
const paidOrders = (id: string) => sales.filter((s) => s.customerId === id && isPaid(s)).length;
const loyal = customers
  .filter((c) => c.status === 'active' && !uplineOf.has(c.id) && !referrers.includes(c))
  .sort((a, b) => paidOrders(b.id) - paidOrders(a.id) || a.id.localeCompare(b.id))
  .slice(0, 2);
for (const [customer, target] of [
  [loyal[0]!, 32],
  [loyal[1]!, 16],
] as const) {
  for (let n = paidOrders(customer.id); n < target; n++) {
    const created = faker.number.int({ min: Math.max(FROM, Date.parse(customer.createdAt)), max: TO - 2 * DAY });
    const paidAt = created + faker.number.int({ min: 60_000, max: 20 * 60_000 });
    const id = faker.string.uuid();
    const cents = priceCents.get(cheapest.id)!;
    orderItems.push({
      id: faker.string.uuid(),
      orderId: id,
      productId: cheapest.id,
      qty: 1,
      unitPriceFiat: cheapest.priceFiat,
    });
    const order: Rec = {
      id,
      userId: customer.id,
      customerEmail: customer.email,
      status: 'paid',
      qty: 1,
      amountFiat: fiat(cents),
      subtotalFiat: fiat(cents),
      currency: 'USD',
      ...(cheapest.contract ? { walletAddress: wallets.get(customer.id) } : {}),
      createdAt: iso(created),
      updatedAt: iso(paidAt),
      paidAt: iso(paidAt),
    };
    const payment = {
      id: faker.string.uuid(),
      orderId: id,
      userId: customer.id,
      method: 'stripe',
      provider: 'stripe',
      amountFiat: fiat(cents),
      currency: 'USD',
      status: 'completed',
      reference: `pi_${faker.string.alphanumeric(24)}`,
      createdAt: iso(paidAt),
      completedAt: iso(paidAt),
    };
    orders.push(order);
    payments.push(payment);
    sales.push({
      order,
      payment,
      customerId: customer.id,
      status: 'paid',
      created,
      paidAt,
      subtotal: cents,
      discount: 0,
    });
  }
}

// ---- The mint queue and the chain. Each paid tokenised line was queued at payment and minted seconds later on the
// dev chain (real signed transactions: demo-chain.ts), which fulfilled its order, as the live worker does. The two
// latest paid orders still wait in the queue (the worker mints them at start); three failed after every attempt and
// wait for an operator's Retry; one failed and its order was then refunded. Staff minted by hand: one done, one
// waiting for a second approver, one rejected. One payout was paid on chain from the platform wallet.
const SECOND = 1000;
const tokenIdOf = new Map(products.flatMap((p) => (p.tokenId ? [[p.id, p.tokenId] as const] : [])));
const tokenisedLines = (sale: Pick<Sale, 'order'>) =>
  orderItems.filter((i) => i.orderId === sale.order.id && tokenIdOf.has(i.productId));
// The approved redemption's zero-price order is minted as any other (it is not a sale: it earned nothing).
type Minted = Pick<Sale, 'order' | 'status' | 'paidAt'>;
const redeemed: Minted = { order: orders.find((o) => o.id === approved.orderId)!, status: 'paid', paidAt: APPROVED_AT };
const mintedSales: Minted[] = [...sales, redeemed]
  .filter(
    (s) => (s.status === 'paid' || s.status === 'fulfilled' || s.status === 'refunded') && tokenisedLines(s).length,
  )
  .sort((a, b) => a.paidAt - b.paidAt);
const stillPaid = mintedSales.filter((s) => s.status === 'paid');
const queuedSales = new Set(stillPaid.slice(-2));
const failedSales = new Set(stillPaid.slice(-12, -9));
const cancelledSale = mintedSales.filter((s) => s.status === 'refunded').at(-1)!;
const TIMEOUT = 'The request took too long to respond.';
type Job = Record<string, unknown> & { id: string; createdAt: string };
const mintPlans = new Map<Planned, Job>();
const mintJobs: Job[] = mintedSales.flatMap((sale) =>
  tokenisedLines(sale).map((line) => {
    const job: Job = {
      id: faker.string.uuid(),
      orderId: sale.order.id,
      orderItemId: line.id,
      productId: line.productId,
      walletAddress: sale.order.walletAddress,
      tokenId: tokenIdOf.get(line.productId),
      amount: String(line.qty),
      createdAt: iso(sale.paidAt),
    };
    if (queuedSales.has(sale))
      return Object.assign(job, {
        status: 'queued',
        attempts: 0,
        nextAttemptAt: iso(sale.paidAt),
        updatedAt: iso(sale.paidAt),
      });
    if (failedSales.has(sale) || sale === cancelledSale) {
      const gaveUp = sale.paidAt + 31 * 60 * SECOND;
      return Object.assign(job, {
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        lastError: sale === cancelledSale ? CANCELLED_BY_REFUND : TIMEOUT,
        chainId: DEMO_CHAIN.chainId,
        contract: DEMO_CHAIN.contract,
        nextAttemptAt: iso(gaveUp),
        updatedAt: iso(gaveUp),
        completedAt: iso(gaveUp),
      });
    }
    mintPlans.set(
      {
        kind: 'mint',
        at: sale.paidAt + 3 * SECOND,
        to: String(sale.order.walletAddress),
        tokenId: BigInt(tokenIdOf.get(line.productId)!),
        amount: BigInt(line.qty),
      },
      job,
    );
    return job;
  }),
);
const [gold, treasury, municipal] = ['1', '17', '18'].map((id) => products.find((p) => p.tokenId === id)!);
const MANUAL: {
  product: typeof gold;
  to: { id: string };
  amount: number;
  note: string;
  at: number;
  rejected?: string;
  waits?: boolean;
}[] = [
  {
    product: gold,
    to: shopper,
    amount: 2,
    note: 'Two bars bought at the vault counter and paid by bank transfer BT-2026-0412.',
    at: TO - 45 * DAY,
  },
  {
    product: treasury,
    to: top,
    amount: 250,
    note: 'Wholesale subscription of 250 units, invoice INV-2026-118.',
    at: TO - DAY,
    waits: true,
  },
  {
    product: municipal,
    to: second,
    amount: 500,
    note: 'Subscription of 500 units for a new client.',
    at: TO - 12 * DAY,
    rejected: 'No signed subscription agreement is on file for this client.',
  },
];
for (const m of MANUAL) {
  const job: Job = {
    id: faker.string.uuid(),
    productId: m.product.id,
    walletAddress: wallets.get(m.to.id),
    tokenId: m.product.tokenId,
    amount: String(m.amount),
    createdBy: operator.id,
    note: m.note,
    createdAt: iso(m.at),
  };
  if (m.waits)
    Object.assign(job, { status: 'awaiting_approval', attempts: 0, nextAttemptAt: iso(m.at), updatedAt: iso(m.at) });
  else if (m.rejected)
    Object.assign(job, {
      status: 'rejected',
      attempts: 0,
      rejectedBy: admin.id,
      rejectedAt: iso(m.at + 3 * 3_600_000),
      rejectReason: m.rejected,
      updatedAt: iso(m.at + 3 * 3_600_000),
    });
  else
    mintPlans.set(
      {
        kind: 'mint',
        at: m.at + 5 * SECOND,
        to: wallets.get(m.to.id)!,
        tokenId: BigInt(m.product.tokenId!),
        amount: BigInt(m.amount),
      },
      job,
    );
  mintJobs.push(job);
}
// Members converted points into the loyalty token, minted to their wallets (points per token as the settings say).
const LOYALTY_ID = DEFAULT_SETTINGS.loyaltyTokenId;
const PER_TOKEN = DEFAULT_SETTINGS.pointsPerToken;
const conversions = (
  [
    [shopper, 1_000, TO - 30 * DAY],
    [loyal[0]!, 5_000, TO - 10 * DAY],
  ] as const
).map(([member, points, at]) => {
  const job: Job = {
    id: faker.string.uuid(),
    walletAddress: wallets.get(member.id),
    tokenId: LOYALTY_ID,
    amount: String(points / PER_TOKEN),
    createdBy: member.id,
    createdAt: iso(at),
  };
  mintPlans.set(
    {
      kind: 'mint',
      at: at + 2 * SECOND,
      to: wallets.get(member.id)!,
      tokenId: BigInt(LOYALTY_ID),
      amount: BigInt(points / PER_TOKEN),
    },
    job,
  );
  mintJobs.push(job);
  return {
    id: faker.string.uuid(),
    userId: member.id,
    fromAmount: points,
    toAmount: String(points / PER_TOKEN),
    rate: PER_TOKEN,
    tokenId: LOYALTY_ID,
    walletAddress: wallets.get(member.id),
    mintJobId: job.id,
    createdAt: iso(at),
  };
});
// The shopper's first payout went to their wallet in ether at 3,200 USD an ether, the rate the settings keep.
const PAYOUT_TOKEN_RATE = '0.0003125';
const onchainPayout = payouts.find((p) => p.recipientId === shopper.id && p.status === 'completed')!;
const payoutPlan: Planned = {
  kind: 'transfer',
  at: Date.parse(onchainPayout.completedAt!) - 60 * SECOND,
  to: wallets.get(shopper.id)!,
  value: tokenWei(
    commissions.filter((c) => c.payoutId === onchainPayout.id).reduce((sum, c) => sum + c.amount, 0),
    PAYOUT_TOKEN_RATE,
  ),
};
const signed = await signOnDevChain([...mintPlans.keys(), payoutPlan]);
for (const s of signed) {
  const done = s.of.at + 5 * SECOND;
  if (s.of === payoutPlan) {
    delete (onchainPayout as { reference?: string }).reference;
    Object.assign(onchainPayout, {
      method: 'crypto',
      walletAddress: getAddress(wallets.get(shopper.id)!),
      amountWei: String(payoutPlan.value),
      tokenRate: PAYOUT_TOKEN_RATE,
      chainId: DEMO_CHAIN.chainId,
      sender: s.sender,
      nonce: s.nonce,
      txHash: s.hash,
      transferState: 'mined',
      blockNumber: s.block,
    });
    continue;
  }
  Object.assign(mintPlans.get(s.of)!, {
    status: 'succeeded',
    attempts: 1,
    chainId: DEMO_CHAIN.chainId,
    contract: DEMO_CHAIN.contract,
    minter: DEMO_CHAIN.minter,
    nonce: s.nonce,
    txHash: s.hash,
    blockNumber: s.block,
    nextAttemptAt: iso(s.of.at),
    signedAt: iso(s.of.at),
    updatedAt: iso(done),
    completedAt: iso(done),
  });
}
const chainTransactions = signed.map((s) => ({
  chainId: DEMO_CHAIN.chainId,
  hash: s.hash,
  sender: s.sender,
  nonce: s.nonce,
  raw: s.raw,
  ...(s.of === payoutPlan ? { payoutId: onchainPayout.id } : { mintJobId: mintPlans.get(s.of)!.id }),
  createdAt: iso(s.of.at),
}));
// A paid order whose mints all succeeded was fulfilled by the last of them.
for (const sale of mintedSales.filter(
  (s) => (s.status === 'paid' || s.status === 'fulfilled') && !queuedSales.has(s) && !failedSales.has(s),
)) {
  const fulfilled = Math.max(
    ...mintJobs.filter((j) => j.orderId === sale.order.id).map((j) => Date.parse(String(j.completedAt))),
  );
  Object.assign(sale.order, { status: 'fulfilled', fulfilledAt: iso(fulfilled), updatedAt: iso(fulfilled) });
  sale.status = 'fulfilled';
}

// ---- The audit log (Settings → Audit): the staff actions the history above implies, with the action names and details
// the live services write, at the moments the records say. No draws: it follows from the records alone.
const IPS = new Map([
  [admin.id, '203.0.113.10'],
  [finance.id, '203.0.113.11'],
  [operator.id, '203.0.113.12'],
]);
type AuditEntry = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  data: Rec | null;
  at: number;
};
const entries: AuditEntry[] = [];
const log = (
  actorId: string | null,
  action: string,
  entity: string,
  entityId: string,
  data: Rec | null,
  at: number | string,
) => entries.push({ actorId, action, entity, entityId, data, at: typeof at === 'number' ? at : Date.parse(at) });
const move = (from: string, to: string) => ({ status: { from, to } });
for (const p of products)
  log(
    admin.id,
    'product.create',
    'product',
    p.id,
    { sku: p.sku, title: p.title, category: p.category, priceFiat: p.priceFiat, stock: p.stock, status: p.status },
    p.createdAt,
  );
for (const c of coupons) {
  const { id, usedCount: _, createdBy, createdAt, ...input } = c;
  log(createdBy, 'coupon.create', 'coupon', id, input, createdAt);
}
for (const r of dnsRecords) {
  log(
    r.createdBy,
    'dns_record.create',
    'dns_record',
    r.id,
    { domain: r.domain, type: r.type, value: r.value, ttl: r.ttl },
    r.createdAt,
  );
  if (!r.isActive) log(r.createdBy, 'dns_record.update', 'dns_record', r.id, { isActive: false }, r.updatedAt);
}
for (const [i, u] of shoppers.entries()) {
  if (u.status === 'active') continue;
  const at = Math.min(Date.parse(u.lastLogin) + DAY, TO);
  log(
    admin.id,
    u.status === 'suspended' ? 'user.suspend' : 'user.update',
    'user',
    u.id,
    move('active', u.status),
    at - i,
  );
}
log(
  admin.id,
  'notification.bulk',
  'notification',
  bulk.id,
  { audience: bulk.audience, title: bulk.title, channels: ['in_app', 'email'], total: bulk.total },
  bulk.createdAt,
);
for (const c of commissions) {
  if (!c.decided || c.status === 'reversed') continue;
  log(
    finance.id,
    c.status === 'rejected' ? 'commission.reject' : 'commission.approve',
    'commission',
    c.id,
    { amountCents: c.original, ...(c.rejectReason ? { reason: c.rejectReason } : {}) },
    c.decided,
  );
}
const recipientEmail = (id: string) => [...staff, ...shoppers].find((u) => u.id === id)!.email;
for (const p of payouts) {
  log(
    p.requestedBy,
    'payout.create',
    'payout',
    p.id,
    {
      recipient: recipientEmail(p.recipientId),
      commissions: payoutHeld.get(p.id)!,
      grossCents: Math.round(p.grossFiat * 100),
      deductedCents: Math.round(p.deductedFiat * 100),
    },
    p.createdAt,
  );
  if (p.approvedBy)
    log(
      p.approvedBy,
      'payout.approve',
      'payout',
      p.id,
      { amountCents: Math.round(p.amountFiat * 100), currency: p.currency, createdBy: p.requestedBy },
      p.approvedAt!,
    );
  if (p.status === 'pending') continue;
  log(
    finance.id,
    `payout.${p.status}`,
    'payout',
    p.id,
    { ...move('pending', p.status), ...(p.reference ? { reference: { from: null, to: p.reference } } : {}) },
    p.updatedAt,
  );
}
for (const plan of refundPlans) {
  const refund = refunds.find((r) => r.paymentId === plan.sale.payment!.id && r.createdAt === iso(plan.at))!;
  log(
    plan.by,
    'payment.refund',
    'payment',
    String(plan.sale.payment!.id),
    { refundId: refund.id, amountCents: plan.cents, reason: plan.reason },
    plan.at,
  );
  if (plan.sale.status === 'refunded')
    log(
      plan.by,
      'order.refunded',
      'order',
      String(plan.sale.order.id),
      {
        ...move('paid', 'refunded'),
        cancelledMints: mintJobs.filter((j) => j.orderId === plan.sale.order.id && j.lastError === CANCELLED_BY_REFUND)
          .length,
      },
      plan.at,
    );
}
for (const c of conversions) {
  log(
    c.userId,
    'membership.convert',
    'conversion',
    c.id,
    { points: c.fromAmount, tokens: c.toAmount, tokenId: c.tokenId, mintJobId: c.mintJobId },
    c.createdAt,
  );
}
for (const j of mintJobs.filter((job) => job.note)) {
  const { walletAddress, tokenId, amount, note, createdBy, rejectedBy } = j as Record<string, string>;
  log(
    createdBy!,
    'mint.create_manual',
    'mint_job',
    j.id,
    { walletAddress, tokenId, amount, note, awaitingApproval: j.status === 'awaiting_approval' || !!rejectedBy },
    j.createdAt,
  );
  if (rejectedBy)
    log(
      rejectedBy,
      'mint.reject',
      'mint_job',
      j.id,
      { reason: j.rejectReason as string, amount, tokenId, walletAddress, createdBy },
      String(j.rejectedAt),
    );
}
for (const k of kycSessions) {
  if (!k.reviewedBy) continue;
  log(
    k.reviewedBy,
    `kyc.${k.status}`,
    'kyc',
    k.id,
    { before: { status: 'pending' }, after: { status: k.status, reason: k.reason ?? null } },
    k.reviewedAt!,
  );
  log(
    k.reviewedBy,
    'user.kyc',
    'user',
    k.userId,
    { before: { kycStatus: 'pending' }, after: { kycStatus: k.status }, kycSession: k.id },
    k.reviewedAt!,
  );
}
// A member's balance just after `at`, as the ledger the seed derives says (earned, less refunds' share, added, held).
const reversedBy = (userId: string, at: number) =>
  refundPlans
    .filter((plan) => plan.sale.customerId === userId && plan.sale.status !== 'refunded' && plan.at <= at)
    .reduce((sum, plan) => sum + plan.cents, 0);
const balanceAfter = (userId: string, at: number) => {
  const paid = sales.filter((sale) => sale.customerId === userId && isPaid(sale) && sale.paidAt <= at);
  const earned = paid.reduce((sum, sale) => {
    const points = Math.floor(amountOf(sale) / 100);
    const back = reversedBy(userId, at)
      ? refundPlans.filter((plan) => plan.sale === sale && plan.at <= at).reduce((n, plan) => n + plan.cents, 0)
      : 0;
    return sum + Math.floor((points * (amountOf(sale) - back)) / amountOf(sale));
  }, 0);
  const added = pointsEntries
    .filter((e) => e.userId === userId && Date.parse(e.createdAt) <= at)
    .reduce((sum, e) => sum + e.amount, 0);
  const held = redemptions
    .filter(
      (r) =>
        r.userId === userId &&
        Date.parse(r.createdAt) <= at &&
        !(r.decidedAt && r.status === 'REJECTED' && Date.parse(r.decidedAt) <= at),
    )
    .reduce((sum, r) => sum + r.pointsUsed, 0);
  return earned + added - held;
};
for (const e of pointsEntries)
  log(
    e.actorId,
    'membership.points_add',
    'member',
    e.userId,
    { amount: e.amount, reason: e.reason, balanceAfter: balanceAfter(e.userId, Date.parse(e.createdAt)) },
    e.createdAt,
  );
for (const r of redemptions) {
  log(
    r.userId,
    'redemption.create',
    'redemption',
    r.id,
    { productId: r.productId, quantity: r.quantity, pointsUsed: r.pointsUsed },
    r.createdAt,
  );
  if (r.decidedBy)
    log(
      r.decidedBy,
      r.status === 'APPROVED' ? 'redemption.approve' : 'redemption.reject',
      'redemption',
      r.id,
      { note: r.note, orderId: r.orderId ?? null },
      r.decidedAt!,
    );
}
const auditEvents = entries
  .sort((a, b) => a.at - b.at)
  .map(({ actorId, action, entity, entityId, data, at }) => ({
    ...(actorId ? { actorId } : {}),
    action,
    entity,
    entityId,
    ...(data ? { data } : {}),
    ...(actorId && IPS.has(actorId) ? { ip: IPS.get(actorId) } : {}),
    createdAt: iso(at),
  }));

// The dev logins work without an authenticator app: the demo data turns the setting "Require 2FA for all users" off
// (a production install, which loads no demo data, keeps it on; see the README's Dev logins).
const settings = { twoFactorAuth: false, payoutTokenRate: PAYOUT_TOKEN_RATE };
const data = {
  users: [...staff, ...shoppers],
  products,
  orders: orders.sort(byDate),
  orderItems,
  payments: payments.sort(byDate),
  refunds,
  coupons,
  referralClicks,
  payouts,
  commissions: commissionRecords,
  dnsRecords,
  dnsQueryLogs,
  dnsScriptLogs,
  notificationBulks: [bulk],
  notifications,
  emailMessages,
  redemptions,
  pointsEntries,
  kycSessions,
  auditEvents,
  mintJobs: mintJobs.sort(byDate),
  chainTransactions,
  conversions,
  settings,
};
fs.writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
console.log(
  `wrote ${path.relative(process.cwd(), OUT)}: ${data.users.length} users, ${products.length} products, ` +
    `${orders.length} orders, ${orderItems.length} order lines, ${payments.length} payments, ${refunds.length} refunds, ${coupons.length} coupons, ` +
    `${referralClicks.length} referral clicks, ${payouts.length} payouts, ${commissionRecords.length} commissions, ` +
    `${dnsRecords.length} DNS records, ${dnsQueryLogs.length} DNS lookups, ${dnsScriptLogs.length} DNS script runs, ` +
    `${notifications.length} notifications, ${emailMessages.length} emails, ${redemptions.length} redemptions, ${pointsEntries.length} points added by staff, ` +
    `${kycSessions.length} KYC sessions, ${auditEvents.length} audit entries, ${mintJobs.length} mint jobs, ${chainTransactions.length} transactions on the dev chain, ${conversions.length} points conversions`,
);
