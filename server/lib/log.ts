import pino from 'pino';
import pretty from 'pino-pretty';

/** `json`: one JSON line per event, for a log collector; `pretty`: a short human line, for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** A terminal gets human lines, anything else (a file, a pipe, a collector) JSON, unless LOG_FORMAT says otherwise. */
export const defaultLogFormat = (): LogFormat => (process.stdout.isTTY ? 'pretty' : 'json');

/** Bytes of JSON lines gathered before one write, and the longest a line waits for the rest (ms). */
const LOG_BATCH_BYTES = 8_192;
const LOG_FLUSH_MS = 100;

/**
 * Where the log goes: standard output. JSON is written asynchronously, in batches: a synchronous write per request
 * line was a fifth of the main thread's work under load on the orders list, and an asynchronous write per line still
 * cost about 70 µs of it a request (profiled on the orders list, 200,000 orders). Lines are gathered up to
 * LOG_BATCH_BYTES and written at least every LOG_FLUSH_MS, so a quiet server logs within a tenth of a second, and pino
 * writes what is left synchronously when the process exits.
 */
export const logDestination = (format: LogFormat = 'json') =>
  format === 'pretty'
    ? pretty({
        colorize: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname,reqId,method,route,url,statusCode,ms,userId',
        singleLine: true,
      })
    : pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
