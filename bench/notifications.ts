/**
 * npm run bench:notifications [-- --engines=pglite,postgres] [-- --users=100000]
 * One bulk notification to every user, by email with no SMTP server (so to the outbox), against the real server in its
 * own process on a fresh database per engine. The users are inserted in one statement (generate_series) before the
 * server starts; the bench then times POST /api/notifications/bulk until GET /api/notifications/bulk/{id} reports it
 * completed (target: 100,000 users in under 2 minutes), and checks afterwards that each user has exactly one email, in
 * the outbox.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../server/db/client.js';
import { createUser } from '../server/modules/auth/service.js';
import { startServerProcess } from '../scripts/server-process.js';
import { client, freshDatabase, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench.admin@rwa.dev', password: 'bench-password-123' };

async function benchOne(engine: Engine, count: number, pgUrl: string) {
  const fresh = await freshDatabase(engine, pgUrl);
  const started = performance.now();
  await fresh.database.migrate();
  await createUser(fresh.database.db, {
    email: ADMIN.email,
    password: ADMIN.password,
    role: 'admin',
    name: 'Bench Admin',
  });
  await fresh.database.db.execute(sql`insert into users (email, name, role, created_at)
    select 'bench.user.' || g || '@rwa.dev', 'Bench User ' || g, 'user', now() - interval '1 minute' from generate_series(1, ${count}) g`);
  if (engine === 'postgres') await fresh.database.db.execute(sql`analyze users`);
  const insertMs = performance.now() - started;
  await fresh.database.close();

  const server = await startServerProcess({
    ...fresh.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    SEED_ON_EMPTY: 'false',
    SMTP_URL: '',
  });
  let result;
  try {
    const call = client(server.baseUrl);
    const token = (await call('POST', '/api/admin/auth/login', ADMIN)).body.token as string;
    const auth = { authorization: `Bearer ${token}` };
    const t0 = performance.now();
    const made = await call(
      'POST',
      '/api/notifications/bulk',
      { audience: 'all', title: 'Bench bulk', body: 'One email to every user.', channels: ['email'] },
      auth,
    );
    if (made.status !== 202) throw new Error(`bulk refused: ${made.status} ${JSON.stringify(made.body)}`);
    const id = (made.body.job as { id: string }).id;
    let job: { status: string; total: number; sent: number; failed: number };
    let polls = 0;
    for (;;) {
      job = (await call('GET', `/api/notifications/bulk/${id}`, undefined, auth)).body.job as typeof job;
      polls++;
      if (job.status === 'completed') break;
      if (performance.now() - t0 > 600_000) throw new Error(`not done after 10 minutes: ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const seconds = (performance.now() - t0) / 1000;
    result = { engine, users: count + 1, insertMs, seconds, job, polls, acceptMs: made.ms };
  } finally {
    await server.stop();
  }
  // Each user exactly one email, all in the outbox.
  const check = await openDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: fresh.env.DATA_DIR ?? '' });
  const [row] = await queryRows<{ emails: number; people: number; outbox: number }>(
    check.db,
    sql`
    select count(*)::int as emails, count(distinct user_id)::int as people, count(*) filter (where status = 'outbox')::int as outbox from email_messages`,
  );
  await check.close();
  await fresh.dispose().catch(() => undefined);
  return { ...result, ...row! };
}

async function main() {
  const { values } = parseArgs({ options: { engines: { type: 'string' }, users: { type: 'string' } } });
  const count = Number(values.users ?? 100_000);
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const target = postgresTarget();
  const runs = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(target))) continue;
    const r = await benchOne(engine, count, target.url);
    runs.push(r);
    console.log(`${engine}: ${r.users} recipients in ${r.seconds.toFixed(1)} s`);
  }
  console.log(
    `\n${table(
      runs.map((r) => ({
        engine: r.engine,
        recipients: r.users,
        'users inserted (s)': (r.insertMs / 1000).toFixed(1),
        'bulk accepted (ms)': r.acceptMs.toFixed(0),
        'bulk done (s)': r.seconds.toFixed(1),
        'per second': (r.users / r.seconds).toFixed(0),
        total: r.job.total,
        sent: r.job.sent,
        failed: r.job.failed,
        emails: r.emails,
        'distinct users': r.people,
        'in outbox': r.outbox,
      })),
    )}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `notifications-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, runs }, null, 2)}\n`);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const bad = runs.filter(
    (r) => r.emails !== r.users || r.people !== r.users || r.outbox !== r.users || r.job.sent !== r.users,
  );
  if (bad.length) {
    console.error(`FAILED: not exactly one email in the outbox per user on ${bad.map((r) => r.engine).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
