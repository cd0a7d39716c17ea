import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';

/** GET /metrics on a port of its own (METRICS_PORT on METRICS_HOST, loopback by default): no token asked there. */
export async function listenMetrics(host: string, port: number, scrape: () => Promise<string>) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics.\n');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(text),
      (err: Error) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`Metrics unavailable: ${err.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Port ${port} for the metrics is in use: set METRICS_PORT to a free port (0 picks one).`)
          : err,
      ),
    );
    server.listen(port, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
