import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress } from 'viem';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedIfEmpty } from './db/seed/seed.js';
import type { ChainRuntime } from './modules/mint/runtime.js';
import { runMain } from './lib/process.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function chainLine(runtime: ChainRuntime | null) {
  const chain = runtime?.chain;
  if (!chain) return 'not connected';
  const where = chain.devChain
    ? `embedded dev chain ${chain.chainId}${chain.devChain.rpcUrl ? `, JSON-RPC at ${chain.devChain.rpcUrl}` : ''}`
    : `chain ${chain.chainId} via RPC_URL`;
  const worker = runtime.error ? `mint worker NOT running: ${runtime.error}` : runtime.worker ? 'mint worker in process' : 'mint worker off (MINT_WORKER=false)';
  return `${where}; token ${getAddress(chain.tokenAddress)}; ${worker}`;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  await seedIfEmpty(database, config);
  const app = await buildApp({ config, database, uiDir: path.join(root, 'dist') });
  await app.listen({ host: config.host, port: config.port });
  // The bound port, not config.port: PORT=0 asks the system for a free one.
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `RWA Commerce is running at ${url}`,
    `  shop: ${url}/shop${config.paymentSandbox ? ' (card sandbox on: 4242 4242 4242 4242 pays)' : ''}`,
    `  database: ${database.kind}${database.kind === 'pglite' ? ` (${path.relative(process.cwd(), config.dataDir) || '.'}/pglite)` : ''}`,
    `  API docs: ${url}/api/docs/json (OpenAPI; send a bearer token, as for every /api route)`,
    `  chain: ${chainLine(app.ctx.chain)}`,
    `  DNS: ${app.ctx.dnsServer ? `authoritative for ${config.dns.zones.join(', ')} on 127.0.0.1:${app.ctx.dnsServer.port} (UDP and TCP)` : 'server off (DNS_SERVER=false)'}`,
  ];
  // The demo data's accounts have passwords only outside production (seedIfEmpty drops them there).
  if (config.env !== 'production') {
    lines.push('  dev logins (password rwa-dev-password): admin@rwa.dev, finance@rwa.dev, operator@rwa.dev, shopper@rwa.dev');
  }
  console.log(lines.join('\n') + '\n');

  return {
    stop: async (signal: string) => {
      app.log.info(`${signal}: shutting down`);
      await app.close();
      await database.close();
    },
  };
}

runMain(main);
