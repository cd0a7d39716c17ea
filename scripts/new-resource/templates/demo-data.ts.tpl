/** A few {{label}} for the demo (db.json's `{{camel}}`, loaded by the seed as a stand-alone resource). */
import type { ResourceSection } from '../resources.js';

const section: ResourceSection = ({ faker, TO, DAY, iso }) => ({
  {{camel}}: Array.from({ length: 5 }, (_, i) => {
    const at = iso(TO - (5 - i) * 9 * DAY);
    return {
      id: faker.string.uuid(),
      name: faker.commerce.productName(),
      priceCents: faker.number.int({ min: 100, max: 50_000 }),
      status: i === 1 ? 'inactive' : 'active',
      createdAt: at,
      updatedAt: at,
    };
  }),
});
export default section;
