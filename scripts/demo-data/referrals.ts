/**
 * The referral network, two levels: the earliest sign-up referred the demo shopper and the next one, who each
 * referred later sign-ups. An order earns for its buyer's referrer (level 1) and theirs (level 2).
 */
import { faker } from '@faker-js/faker';
import { ALPHABET } from '../../server/modules/referrals/policy.js';
import { FROM, TO, iso } from './context.js';
import { shoppers, customers, wallets } from './accounts.js';
import { sales, byDate } from './orders.js';

const bySignUp = shoppers.filter((u) => u.status === 'active').sort(byDate);
export const top = bySignUp[0]!;
export const second = bySignUp[1]!;
export const shopper = customers[0]!;
if (top.createdAt > shopper.createdAt) throw new Error('the top referrer signed up after the demo shopper');
export const uplineOf = new Map<string, string>();
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
export const referrers = [top, shopper, second];
for (const r of referrers)
  Object.assign(r, { referralCode: faker.string.fromCharacters(ALPHABET, 10), walletAddress: wallets.get(r.id) });
for (const sale of sales) {
  const referrer = uplineOf.get(sale.customerId);
  if (referrer) sale.order.referrerId = referrer;
}
// Clicks on each referrer's link from a pool of returning visitors (kept as salted hashes, as the live system does).
export const referralClicks = referrers
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
