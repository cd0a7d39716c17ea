/** The DNS server's worker thread: listens and answers (listener.ts). Compiled, it is the thread's entry point. */
import { run } from './listener.js';

await run();
