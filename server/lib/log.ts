import pino from 'pino';

/**
 * Where the request log goes: standard output, written asynchronously. A synchronous write per request line was a
 * fifth of the main thread's work under load on the orders list; sonic-boom still writes each line as soon as the
 * previous write is done (no size threshold), so a quiet server logs at once, and pino flushes it on exit.
 */
export const logDestination = () => pino.destination({ dest: 1, sync: false });
