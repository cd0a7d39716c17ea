/**
 * Whether this process should be sent work (GET /api/ready): it is serving (not starting, not draining), its database
 * answers, the database has every migration of this build, and the chain answers when this process has one connected.
 * Each check has a short deadline: a database that does not answer at all is "not ready", not a hung probe.
 */
import { sql } from 'drizzle-orm';
import type { ReadyAnswer } from '../../../src/common/health.schemas.js';
import { pendingMigrations } from '../../db/migration-state.js';
import { AppError } from '../../lib/errors.js';
import type { AppContext } from '../../types.js';

const CHECK_MS = 2000;

/** `work`, or false when it fails or takes longer than CHECK_MS. */
async function within<T>(work: () => Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_MS)));
  try {
    return await Promise.race([work().catch(() => false as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

type NotReady =
  'not_ready_starting' | 'not_ready_draining' | 'not_ready_database' | 'not_ready_migrations' | 'not_ready_chain';
const notReady = (code: NotReady, params?: Record<string, number>) => new AppError(503, code, params);

/** The checks passed, or a 503 saying which did not. */
export async function readiness(ctx: AppContext): Promise<ReadyAnswer> {
  const { state } = ctx.lifecycle;
  if (state !== 'serving') throw notReady(state === 'starting' ? 'not_ready_starting' : 'not_ready_draining');
  const { probe } = ctx.database;
  if ((await within(() => probe.execute(sql`select 1`))) === false) throw notReady('not_ready_database');
  const pending = await within(() => pendingMigrations(probe));
  if (pending === false) throw notReady('not_ready_database');
  if (pending > 0) throw notReady('not_ready_migrations', { pending });
  const chain = ctx.chain?.chain;
  if (chain && (await within(() => chain.publicClient.getBlockNumber())) === false) throw notReady('not_ready_chain');
  return {
    ok: true,
    db: ctx.database.kind,
    checks: { database: 'ok', migrations: 'ok', chain: chain ? 'ok' : 'off' },
  };
}
