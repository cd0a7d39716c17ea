/**
 * The DNS server's worker thread entry (dns-server.ts starts it): loads listener.ts through tsx, since a worker
 * thread does not inherit the TypeScript loader of the thread that starts it (the server's tsx, the tests' vitest).
 */
import { tsImport } from 'tsx/esm/api';

const { run } = await tsImport('./listener.ts', import.meta.url);
await run();
