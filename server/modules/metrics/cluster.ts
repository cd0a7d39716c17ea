import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { Config } from '../../config.js';
import { listenMetrics } from './port.js';

/**
 * With WEB_CONCURRENCY the primary holds the one scrape of the cluster: prom-client's AggregatorRegistry asks every API
 * process for its figures (IPC) and adds them up. It serves that on METRICS_PORT, and answers the API processes that
 * get GET /metrics with METRICS_TOKEN on the shared port (they ask it here, since the port hands a scrape to any one).
 */
const ASK = 'rwa:metrics-ask';
const ANSWER = 'rwa:metrics-answer';
type Message = { type?: string; id?: number; text?: string; error?: string };

export async function serveClusterMetrics(config: Config['metrics']) {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, msg: Message) => {
    if (msg?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: msg.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: msg.id, error: err.message }),
    );
  });
  return config.port === undefined ? null : listenMetrics(config.host, config.port, () => aggregator.clusterMetrics());
}

/** In an API process: this process's registry answers the primary's aggregation. */
export function joinCluster(registry: Registry) {
  new AggregatorRegistry(); // installs prom-client's answering listener in this process
  AggregatorRegistry.setRegistries([registry]);
}

let asked = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>();
let listening = false;

/** The cluster's scrape, from the primary (which waits up to 5 s for every process). */
export function askPrimary(): Promise<string> {
  if (!listening) {
    listening = true;
    process.on('message', (msg: Message) => {
      if (msg?.type !== ANSWER || msg.id === undefined) return;
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error !== undefined) w?.reject(new Error(msg.error));
      else w?.resolve(msg.text ?? '');
    });
  }
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary process did not answer within 8 s'));
    }, 8000);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send!({ type: ASK, id });
  });
}
