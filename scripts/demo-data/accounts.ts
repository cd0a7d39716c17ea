/** The accounts: staff with their roles, and forty shoppers with their wallets. */
import { faker } from '@faker-js/faker';
import { FROM, TO, DAY, DEV_PASSWORD, iso } from './context.js';

export const staff = [
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

export const shoppers = Array.from({ length: 40 }, (_, i) => {
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
export const customers = [staff[3]!, ...shoppers];
export const wallets = new Map(customers.map((c) => [c.id, faker.finance.ethereumAddress()]));
