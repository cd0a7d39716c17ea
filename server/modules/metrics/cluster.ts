import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, Registry } from 'prom-client';
import type { Config } from '../../config.js';
import { businessRegistry } from './business.js';
import { registerLoopMetrics } from './loops.js';
import { listenMetrics } from './port.js';

/**
 * With WEB_CONCURRENCY the primary holds the one scrape of the cluster: it asks every API process for its figures over
 * node:cluster's channel and adds them up with its own business counters and background loops (the mint worker and
 * the sweepers run in the primary), by prom-client's AggregatorRegistry.aggregate. It serves that on METRICS_PORT, and answers the API processes that
 * get GET /metrics with METRICS_TOKEN on the shared port (they ask it here, since the port hands a scrape to any one).
 */
const FIGURES = 'rwa:metrics-figures';
const ASK = 'rwa:metrics-ask';
const ANSWER = 'rwa:metrics-answer';
const WAIT_MS = 5000;
type Message = {
  type?: string;
  id?: number;
  text?: string;
  error?: string;
  /** Each registry's getMetricsAsJSON(). */ figures?: object[];
};

let asked = 0;
const waiting = new Map<number, (msg: Message) => void>();

/** One message to `to` and its answer (same id), or an error past WAIT_MS. */
function request(send: (msg: Message) => void, type: string, ms = WAIT_MS): Promise<Message> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(`no answer within ${ms / 1000} s`));
    }, ms);
    waiting.set(id, (msg) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (msg.error !== undefined) reject(new Error(msg.error));
      else resolve(msg);
    });
    send({ type, id });
  });
}

const answered = (msg: Message) => msg?.id !== undefined && waiting.get(msg.id)?.(msg);

export async function serveClusterMetrics(config: Config['metrics']) {
  const loops = new Registry();
  registerLoopMetrics(loops);
  const scrape = async () => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected());
    const answers = await Promise.all(workers.map((w) => request((m) => w.send(m), FIGURES)));
    const figures = answers.flatMap((a) => a.figures ?? []);
    figures.push(await businessRegistry.getMetricsAsJSON(), await loops.getMetricsAsJSON());
    return AggregatorRegistry.aggregate(figures).metrics();
  };
  cluster.on('message', (worker, msg: Message) => {
    if (msg?.type === FIGURES) return answered(msg);
    if (msg?.type !== ASK) return;
    scrape().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: msg.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: msg.id, error: err.message }),
    );
  });
  return config.port === undefined ? null : listenMetrics(config.host, config.port, scrape);
}

/** In an API process: this process's registry answers the primary, which answers its scrapes. */
export function joinCluster(registry: Registry) {
  process.on('message', (msg: Message) => {
    if (msg?.type === ANSWER) return answered(msg);
    if (msg?.type !== FIGURES) return;
    registry.getMetricsAsJSON().then(
      (figures) => process.send!({ type: FIGURES, id: msg.id, figures: [figures] }),
      (err: Error) => process.send!({ type: FIGURES, id: msg.id, error: err.message }),
    );
  });
}

/** The cluster's scrape, from the primary (which waits up to 5 s for every process). */
export const askPrimary = async () => (await request((m) => process.send!(m), ASK, WAIT_MS + 3000)).text ?? '';
