import pino from 'pino';
import pretty from 'pino-pretty';

/** `json`: one JSON line per event, for a log collector; `pretty`: a short human line, for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** A terminal gets human lines, anything else (a file, a pipe, a collector) JSON, unless LOG_FORMAT says otherwise. */
export const defaultLogFormat = (): LogFormat => (process.stdout.isTTY ? 'pretty' : 'json');

/**
 * Where the log goes: standard output. JSON is written asynchronously: a synchronous write per request line was a
 * fifth of the main thread's work under load on the orders list; sonic-boom still writes each line as soon as the
 * previous write is done (no size threshold), so a quiet server logs at once, and pino flushes it on exit.
 */
export const logDestination = (format: LogFormat = 'json') =>
  format === 'pretty'
    ? pretty({
        colorize: true,
        translateTime: 'HH:MM:ss',
        ignore: 'pid,hostname,reqId,method,url,statusCode,ms',
        singleLine: true,
      })
    : pino.destination({ dest: 1, sync: false });
