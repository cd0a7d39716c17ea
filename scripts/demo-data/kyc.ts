/**
 * Identity checks: the shoppers whose KYC status says they sent their papers have a session to match, waiting for
 * review, approved or verified, or rejected with what to fix (each document is a placeholder the seed writes on load).
 */
import { faker } from '@faker-js/faker';
import { TO, DAY, iso } from './context.js';
import { shoppers } from './accounts.js';
import { admin } from './orders.js';
import { operator } from './domain.js';

const KYC_REJECTIONS = [
  'The photo of the document is too blurred to read',
  'The document has expired',
  'The name differs from the account’s',
];
export const kycSessions = shoppers
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
