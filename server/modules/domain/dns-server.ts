/**
 * The embedded authoritative DNS server, run in a worker thread (dns/listener.ts) so that nothing sent to its port
 * can delay the HTTP API. This thread keeps what needs the database: it reads the active records (zone-data.ts) when
 * the worker asks for a copy, and counts each record written in memory the worker reads before every answer. A worker that dies is logged and
 * started again on the same port, a few times a minute at most.
 */
import { Worker } from 'node:worker_threads';
import type { DnsConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { FromWorker, ToWorker, WorkerSettings } from './dns/protocol.js';
import { onRecordsChanged, ZoneData } from './zone-data.js';
import { messageOf } from '../../lib/errors.js';
import { threadEntry } from '../../lib/paths.js';

export type DnsServerHandle = { port: number; close: () => Promise<void> };
type Log = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void };
export type DnsServerOptions = Pick<DnsConfig, 'host' | 'port' | 'zones' | 'nameservers' | 'rrl'> & {
  db: Db;
  log: Log;
};

/** The age of the rows the worker is sent: what its copy (dns/zone-copy.ts) counts as fresh. */
const ROWS_MAX_AGE_MS = 500;
const RESTARTS_PER_MINUTE = 5;
const CLOSE_GRACE_MS = 2000;
/** The worker's heap: enough for large zones, small enough that a leak ends in a restart, not in the host's memory. */
const WORKER_HEAP_MB = 256;

/**
 * Starts the worker listening on `host`:`port` for UDP and TCP (port 0: a free port, the same for both); rejects as
 * the bind did (an EADDRINUSE error keeps its code). `close` stops the worker and with it every socket.
 */
export async function startDnsServer({ db, log, ...options }: DnsServerOptions): Promise<DnsServerHandle> {
  const data = new ZoneData(db);
  let worker: Worker;
  let running = false;
  let closing = false;
  const restarts: number[] = [];

  const post = (message: ToWorker) => worker.postMessage(message);
  const onMessage = (message: FromWorker) => {
    if (message.type === 'log') log[message.level](message.message);
    if (message.type !== 'refresh') return;
    data.get(ROWS_MAX_AGE_MS).then(
      (rows) =>
        post({
          type: 'records',
          seq: message.seq,
          ...rows,
          rows: rows.generation === message.generation ? undefined : rows.rows,
        }),
      (err: unknown) => {
        log.warn(`DNS server: could not read the records: ${messageOf(err)}`);
        post({ type: 'records-failed', seq: message.seq });
      },
    );
  };

  const spawn = (settings: WorkerSettings) =>
    new Promise<number>((resolve, reject) => {
      worker = new Worker(threadEntry(new URL('./dns/worker.mjs', import.meta.url), 'dns-thread.js'), {
        workerData: settings,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      running = true;
      const started = (message: FromWorker) => {
        if (message.type === 'listening') resolve(message.port);
        if (message.type === 'failed') reject(Object.assign(new Error(message.message), { code: message.code }));
        if (message.type === 'listening' || message.type === 'failed') worker.off('message', started);
      };
      worker.on('message', started);
      worker.on('message', onMessage);
      worker.on('error', (err) => {
        log.error(`DNS server thread failed: ${err.message}`);
        reject(err);
      });
      worker.once('exit', (code) => {
        running = false;
        reject(new Error(`The DNS server thread exited (${code}) before it listened.`));
        if (!closing) restart(settings, code);
      });
    });

  const restart = (settings: WorkerSettings, code: number) => {
    const now = Date.now();
    while (restarts.length && now - restarts[0]! > 60_000) restarts.shift();
    if (restarts.length >= RESTARTS_PER_MINUTE) {
      log.error(
        `DNS server thread exited (${code}) ${RESTARTS_PER_MINUTE + 1} times in a minute: not started again; restart the server.`,
      );
      return;
    }
    restarts.push(now);
    log.error(`DNS server thread exited (${code}); starting it again.`);
    setTimeout(
      () => {
        if (closing) return;
        // A thread that could not listen is ended: its exit counts as one more restart.
        spawn(settings).catch(async (err: unknown) => {
          log.error(`DNS server thread did not start again: ${messageOf(err)}`);
          await worker.terminate();
        });
      },
      250 * 2 ** (restarts.length - 1),
    ).unref();
  };

  const settings: WorkerSettings = {
    host: options.host,
    port: options.port,
    zones: [...options.zones],
    nameservers: [...options.nameservers],
    rrl: options.rrl,
    writes: new Int32Array(new SharedArrayBuffer(4)),
  };
  const port = await spawn(settings).catch(async (err: unknown) => {
    closing = true;
    await worker.terminate();
    throw err;
  });
  settings.port = port;
  const stopListening = onRecordsChanged(() => Atomics.add(settings.writes, 0, 1));

  let closed: Promise<void> | null = null;
  return {
    port,
    close: () =>
      (closed ??= (async () => {
        closing = true;
        stopListening();
        if (!running) return;
        const current = worker;
        const done = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, CLOSE_GRACE_MS);
          current.on('message', (m: FromWorker) => {
            if (m.type === 'closed') {
              clearTimeout(timer);
              resolve();
            }
          });
          current.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        current.postMessage({ type: 'close' } satisfies ToWorker);
        await done;
        await current.terminate();
      })()),
  };
}
