/**
 * npm run seed                         reset the database and load db.json (SEED_FILE)
 * npm run seed -- --file other.json    load another json-server style file instead
 * npm run seed -- --orders 1000000     then add N generated orders (scale tests)
 * npm run seed -- --orders N --append  add N orders without resetting
 * npm run seed -- --keep-dates         load dates as written instead of moving the newest to now
 * Uses DATABASE_URL when set, PGlite under DATA_DIR otherwise; migrates first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';
import { generateOrders, seedFromFile } from './seed.js';

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      orders: { type: 'string' },
      customers: { type: 'string' },
      append: { type: 'boolean', default: false },
      'keep-dates': { type: 'boolean', default: false },
    },
  });
  const orders = values.orders === undefined ? 0 : Number(values.orders.replace(/_/g, ''));
  if (!Number.isSafeInteger(orders) || orders < 0) throw new Error('--orders must be a whole number.');
  const customers = values.customers === undefined ? undefined : Number(values.customers);
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    console.log(`seed: ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
    if (!values.append) {
      const file = values.file ? path.resolve(values.file) : config.seedFile;
      const t = Date.now();
      const s = await seedFromFile(database.db, file, { shiftDates: !values['keep-dates'] });
      console.log(`seed: loaded ${path.basename(file)}: ${s.users} users, ${s.products} products, ${s.orders} orders, `
        + `${s.orderItems} order lines, ${s.payments} payments in ${Date.now() - t} ms`);
    }
    if (orders > 0) {
      const r = await generateOrders(database.db, orders, { customers, log: console.log });
      console.log(`seed: generated ${r.orders} orders for ${r.customers} new customers in ${(r.ms / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
