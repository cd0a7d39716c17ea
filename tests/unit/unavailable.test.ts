/** Which failures answer 503 (the database away for a moment) rather than 500 (server/lib/errors.ts isUnavailable). */
import { describe, expect, it } from 'vitest';
import { isUnavailable } from '../../server/lib/errors';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** How drizzle wraps a driver's error. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isUnavailable', () => {
  it('is true for a server going away, a cut or refused connection and a stopped embedded database', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('08P01'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      pgError('PGLITE_THREAD_STOPPED'),
      // A standby's answers (PostgreSQL 15 in recovery, after a failover left the app on it):
      pgError('25006', 'cannot execute INSERT in a read-only transaction'),
      pgError('25006', 'cannot execute SELECT FOR UPDATE in a read-only transaction'),
      pgError('25006', 'cannot execute NOTIFY during recovery'),
      pgError('55000', 'recovery is in progress'),
      pgError('55000', 'database "rwa" is not currently accepting connections'),
      wrapped(pgError('25006', 'cannot execute nextval() in a read-only transaction')),
      wrapped(pgError('57P01')),
      wrapped(new Error('Connection terminated unexpectedly')),
    ])
      expect(isUnavailable(err), `${(err as { code?: string }).code} ${err.message}`).toBe(true);
  });

  it('is false for what sending again would not mend', () => {
    for (const err of [
      pgError('23505', 'duplicate key value'),
      pgError('40P01', 'deadlock detected'),
      pgError('42P01', 'relation does not exist'),
      new Error('boom'),
      wrapped(pgError('22P02')),
      // 55000 for the app's own mistakes, and a lock not available: the same request would fail again.
      pgError('55000', 'currval of sequence "orders_seq" is not yet defined in this session'),
      pgError('55000', 'prepared transactions are disabled'),
      pgError('55000', 'logical decoding requires wal_level >= logical'),
      pgError('55P03', 'could not obtain lock on row in relation "products"'),
      pgError('0A000', 'FOR UPDATE cannot be applied to the nullable side of an outer join'),
      wrapped(pgError('55000', 'currval of sequence "x" is not yet defined in this session')),
      null,
      undefined,
      'Connection terminated',
    ])
      expect(isUnavailable(err), String(err)).toBe(false);
  });

  it('stops on a cause that loops back', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = a;
    expect(isUnavailable(a)).toBe(false);
  });
});
