/**
 * npm run seed                         reset the database and load db.json (SEED_FILE)
 * npm run seed -- --file other.json    load another json-server style file instead
 * npm run seed -- --orders 1000000     then add N generated orders (scale tests)
 * npm run seed -- --orders N --append  add N orders without resetting
 * npm run seed -- --keep-dates         load dates as written instead of moving the newest to now
 * npm run seed -- --lenient            repair what is wrong in the file (each repair printed) instead of refusing it
 * The whole file is checked before the database is touched: any problem is printed, one line each, and nothing changes.
 * Uses DATABASE_URL when set, PGlite under DATA_DIR otherwise; migrates first.
 */
import { tokenOfChain } from '../chain/client.js';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { generateOrders, seedFromFile } from './seed.js';

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      orders: { type: 'string' },
      customers: { type: 'string' },
      append: { type: 'boolean', default: false },
      'keep-dates': { type: 'boolean', default: false },
      lenient: { type: 'boolean', default: false },
    },
  });
  // Checked before the database is touched, so that a mistyped option changes nothing.
  const orders = values.orders === undefined ? 0 : wholeNumber('--orders', values.orders, 0);
  const customers = values.customers === undefined ? undefined : wholeNumber('--customers', values.customers, 1);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(`seed: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
    if (!values.append) {
      const file = values.file ? path.resolve(values.file) : config.seedFile;
      const t = Date.now();
      const s = await seedFromFile(database.db, file, {
        shiftDates: !values['keep-dates'],
        lenient: values.lenient,
        chain: tokenOfChain(config.chain),
        zones: config.dns.zones,
        privateUploadsDir: config.privateUploadsDir,
      });
      console.log(
        `seed: loaded ${path.basename(file)}: ${s.users} users, ${s.products} products, ${s.orders} orders, ` +
          `${s.orderItems} order lines, ${s.payments} payments, ${s.coupons} coupons, ${s.referralClicks} referral clicks, ` +
          `${s.payouts} payouts, ${s.commissions} commissions, ${s.dnsRecords} DNS records in ${Date.now() - t} ms`,
      );
    }
    if (orders > 0) {
      const r = await generateOrders(database.db, orders, { customers, log: console.log });
      console.log(
        `seed: generated ${r.orders} orders for ${r.customers} new customers in ${(r.ms / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await database.close();
  }
}

function wholeNumber(option: string, text: string, min: number): number {
  const n = /^\d[\d_]*$/.test(text.trim()) ? Number(text.trim().replace(/_/g, '')) : NaN;
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${option} must be a whole number${min > 0 ? ` of at least ${min}` : ''}.`);
  return n;
}

main().catch((err: unknown) => {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
