/**
 * Loopback JSON-RPC endpoint for the embedded dev chain, so a wallet or a script can read
 * balances, blocks and receipts (`http://127.0.0.1:8545` by default).
 *
 * Offers: startRpcServer({ handle, port, host?, onRawTransaction? }) → { url, port, close() }
 *   Single and batch JSON-RPC over POST; CORS open (it is a loopback dev chain).
 *   Methods that would change the chain outside the stored-transaction log are refused
 *   (evm_*, hardhat_*, eth_sendTransaction, signing): every block must be reproducible by
 *   replaying stored raw transactions. eth_sendRawTransaction is refused too unless
 *   `onRawTransaction` is given; it is called after the chain accepted the bytes so the
 *   caller can persist them for replay.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hex } from 'viem';
import type { JsonRpcRequest, JsonRpcResponse } from './edr-provider.js';

export type RpcServerOptions = {
  handle: (req: JsonRpcRequest) => Promise<JsonRpcResponse>;
  port: number;
  host?: string;
  onRawTransaction?: (raw: Hex, hash: Hex) => Promise<void>;
};
export type RpcServer = { url: string; port: number; close(): Promise<void> };

const MAX_BODY = 5 * 1024 * 1024;
const BLOCKED_PREFIXES = ['evm_', 'hardhat_', 'anvil_', 'personal_', 'debug_', 'eth_sign'];
const BLOCKED = new Set(['eth_sendTransaction']);

const errorResponse = (id: JsonRpcResponse['id'], code: number, message: string): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

export function isMethodAllowed(method: string, rawTxAllowed: boolean): boolean {
  if (method === 'eth_sendRawTransaction') return rawTxAllowed;
  return !BLOCKED.has(method) && !BLOCKED_PREFIXES.some((p) => method.startsWith(p));
}

async function handleOne(item: unknown, opts: RpcServerOptions): Promise<JsonRpcResponse> {
  const req = item as Partial<JsonRpcRequest> | null;
  const id = req && (typeof req.id === 'number' || typeof req.id === 'string') ? req.id : null;
  if (!req || typeof req !== 'object' || typeof req.method !== 'string') {
    return errorResponse(id, -32600, 'Invalid request');
  }
  if (!isMethodAllowed(req.method, Boolean(opts.onRawTransaction))) {
    return errorResponse(id, -32601, `Method ${req.method} is not available on the dev chain endpoint`);
  }
  const res = await opts.handle({ id, method: req.method, params: req.params });
  if (req.method === 'eth_sendRawTransaction' && !res.error && opts.onRawTransaction) {
    const [raw] = (req.params ?? []) as Hex[];
    await opts.onRawTransaction(raw, res.result as Hex);
  }
  return res;
}

async function respond(body: string, opts: RpcServerOptions): Promise<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return errorResponse(null, -32700, 'Parse error');
  }
  if (!Array.isArray(parsed)) return handleOne(parsed, opts);
  if (parsed.length === 0) return errorResponse(null, -32600, 'Invalid request: empty batch');
  const out: JsonRpcResponse[] = [];
  for (const item of parsed) out.push(await handleOne(item, opts));
  return out;
}

export function startRpcServer(opts: RpcServerOptions): Promise<RpcServer> {
  const host = opts.host ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      respond(Buffer.concat(chunks).toString('utf8'), opts)
        .then((payload) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload)))
        .catch(() =>
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(errorResponse(null, -32603, 'Internal error'))),
        );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
