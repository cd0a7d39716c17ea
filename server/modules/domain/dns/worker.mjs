/**
 * The DNS server's worker thread entry from source (dns-server.ts starts it; the compiled build starts its own
 * dns-thread.js): loads thread.ts through tsx, since a worker thread does not inherit the TypeScript loader of the
 * thread that starts it (the server's tsx, the tests' vitest).
 */
import { tsImport } from 'tsx/esm/api';

await tsImport('./thread.ts', import.meta.url);
