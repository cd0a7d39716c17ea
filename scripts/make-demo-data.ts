/**
 * Writes db.json, the demo data (json-server format), deterministically: `npm run demo-data`.
 * Run once and commit the output; re-running yields the same file. Dates span 2025-12-01..2026-11-30;
 * the seed moves them so that the newest is the moment it runs (see server/db/seed/seed.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { faker } from '@faker-js/faker';
import { DEMO_PRODUCTS } from './demo-products.js';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db.json');
const FROM = new Date('2025-12-01T00:00:00Z').getTime();
const TO = new Date('2026-11-30T22:00:00Z').getTime();
const DAY = 86_400_000;
const DEV_PASSWORD = 'rwa-dev-password';

faker.seed(20261130);
const iso = (ms: number) => new Date(ms).toISOString();
const fiat = (cents: number) => cents / 100;

const staff = [
  { email: 'admin@rwa.dev', name: 'Admin User', role: 'admin' },
  { email: 'finance@rwa.dev', name: 'Finance User', role: 'finance' },
  { email: 'operator@rwa.dev', name: 'Operator User', role: 'operator' },
  { email: 'shopper@rwa.dev', name: 'Sam Shopper', role: 'user' },
].map((u) => ({
  id: faker.string.uuid(), ...u, status: 'active', kycStatus: 'verified', password: DEV_PASSWORD,
  createdAt: iso(FROM - 120 * DAY), lastLogin: iso(TO - faker.number.int({ min: 1, max: 20 }) * DAY),
}));

const shoppers = Array.from({ length: 40 }, (_, i) => {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  const created = faker.number.int({ min: FROM - 180 * DAY, max: TO - 30 * DAY });
  return {
    id: faker.string.uuid(),
    email: faker.internet.email({ firstName, lastName, provider: faker.helpers.arrayElement(['gmail.com', 'outlook.com', 'proton.me', 'example.com']) }).toLowerCase(),
    name: `${firstName} ${lastName}`, firstName, lastName, phone: faker.phone.number({ style: 'international' }),
    role: 'user',
    status: i < 3 ? 'suspended' : i < 5 ? 'inactive' : 'active',
    kycStatus: faker.helpers.weightedArrayElement([
      { value: 'verified', weight: 50 }, { value: 'approved', weight: 15 }, { value: 'pending', weight: 25 }, { value: 'rejected', weight: 10 },
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
    title: p.title, sku: p.sku, description: p.description, category: p.category,
    priceFiat: fiat(p.priceCents),
    // ETH at a notional 3,200 USD, 8 decimals, in integer arithmetic.
    priceCrypto: (Number((BigInt(p.priceCents) * 100_000_000n) / 320_000n) / 1e8).toFixed(8),
    rwaType: p.rwaType, chainId: 11155111,
    ...(p.tokenised ? { contract: faker.finance.ethereumAddress(), tokenId: String(i + 1) } : {}),
    tokenType: 'ERC1155', redeemPolicy: p.redeemPolicy, stock: p.stock, status: p.status,
    createdAt: iso(FROM - (60 - i * 2) * DAY),
  };
});
const sellable = products.filter((p) => p.status !== 'draft');

// Exactly 300 orders: paid 135, fulfilled 75, pending 45, failed 30, refunded 15.
const statuses = faker.helpers.shuffle([
  ...Array<string>(135).fill('paid'), ...Array<string>(75).fill('fulfilled'), ...Array<string>(45).fill('pending'),
  ...Array<string>(30).fill('failed'), ...Array<string>(15).fill('refunded'),
]);
type Item = { id: string; orderId: string; productId: string; qty: number; unitPriceFiat: number };
const orders: Record<string, unknown>[] = [];
const orderItems: Item[] = [];
const payments: Record<string, unknown>[] = [];

for (const status of statuses) {
  // Volume grows through the year; pending orders are recent.
  const age = status === 'pending' ? faker.number.float({ max: 10 }) * DAY
    : (faker.datatype.boolean() ? faker.number.float() : 1 - Math.sqrt(faker.number.float())) * (TO - FROM);
  const created = Math.round(TO - age);
  // Only customers who had signed up by then; the demo shopper account buys more often than most.
  const signedUp = customers.filter((c) => c.createdAt < iso(created));
  const customer = faker.helpers.weightedArrayElement(signedUp.map((c, i) => ({ value: c, weight: c === customers[0] ? 6 : 1 + (i % 5) })));
  const id = faker.string.uuid();
  const lines = faker.helpers.arrayElements(sellable, faker.helpers.weightedArrayElement([{ value: 1, weight: 85 }, { value: 2, weight: 15 }]));
  let total = 0;
  let qty = 0;
  for (const p of lines) {
    const q = faker.helpers.weightedArrayElement([{ value: 1, weight: 80 }, { value: 2, weight: 15 }, { value: 3, weight: 5 }]);
    orderItems.push({ id: faker.string.uuid(), orderId: id, productId: p.id, qty: q, unitPriceFiat: p.priceFiat });
    total += priceCents.get(p.id)! * q;
    qty += q;
  }
  const paidAt = created + faker.number.int({ min: 60_000, max: 20 * 60_000 });
  const later = paidAt + faker.number.int({ min: 3_600_000, max: 72 * 3_600_000 });
  const paid = ['paid', 'fulfilled', 'refunded'].includes(status);
  orders.push({
    id, userId: customer.id, customerEmail: customer.email, status, qty, amountFiat: fiat(total), currency: 'USD',
    ...(lines.some((p) => p.contract) ? { walletAddress: wallets.get(customer.id) } : {}),
    createdAt: iso(created),
    updatedAt: iso(status === 'pending' ? created : status === 'paid' ? paidAt : Math.min(later, TO)),
    ...(paid ? { paidAt: iso(paidAt) } : {}),
    ...(status === 'fulfilled' ? { fulfilledAt: iso(Math.min(later, TO)) } : {}),
  });
  if (!paid) continue;
  const method = faker.helpers.weightedArrayElement([{ value: 'stripe', weight: 60 }, { value: 'coinbase', weight: 25 }, { value: 'bank', weight: 15 }]);
  payments.push({
    id: faker.string.uuid(), orderId: id, userId: customer.id, method, provider: method,
    amountFiat: fiat(total), ...(status === 'refunded' ? { refundedFiat: fiat(total) } : {}), currency: 'USD',
    status: status === 'refunded' ? 'refunded' : 'completed',
    reference: `${{ stripe: 'pi_', coinbase: 'cb_', bank: 'bt_' }[method]}${faker.string.alphanumeric(24)}`,
    createdAt: iso(paidAt), completedAt: iso(paidAt),
  });
}

const byDate = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.createdAt).localeCompare(String(b.createdAt));
// The dev logins work without an authenticator app: the demo data turns the setting "Require 2FA for all users" off
// (a production install, which loads no demo data, keeps it on; see the README's Dev logins).
const settings = { twoFactorAuth: false };
const data = { users: [...staff, ...shoppers], products, orders: orders.sort(byDate), orderItems, payments: payments.sort(byDate), settings };
fs.writeFileSync(OUT, `${JSON.stringify(data, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), OUT)}: ${data.users.length} users, ${products.length} products, `
  + `${orders.length} orders, ${orderItems.length} order lines, ${payments.length} payments`);
