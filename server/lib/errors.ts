import {
  errorSentence,
  type ErrorCode,
  type ErrorParams,
  type FieldMessage,
} from '../../src/common/errors-catalogue.js';

/**
 * What a rule (a policy) or a service says: a message code and its params, no English. The sentence is made from the
 * catalogue only where an answer is written (`sentenceOf`), and the browser translates the code and params.
 */
export type Said = { readonly messageCode: ErrorCode; readonly params?: ErrorParams };
/** What an error or a field says: a message code, or what `say` built. */
export type Message = ErrorCode | Said;

export const say = (code: ErrorCode, params?: ErrorParams): Said =>
  params ? { messageCode: code, params } : { messageCode: code };

/** The English sentence of what was said. */
export const sentenceOf = (said: Said) => errorSentence(said.messageCode, said.params);

/** The sentence of a message, its code and params. */
function resolve(
  message: Message,
  params?: ErrorParams,
): { sentence: string; messageCode: string; params?: ErrorParams } {
  const said = typeof message === 'string' ? say(message, params) : message;
  return { sentence: sentenceOf(said), ...said };
}

/**
 * An error whose message is a sentence fit for the person using the app: `code` says what happened (programs and
 * tests branch on it), `messageCode` + `params` say which sentence (the browser translates them).
 */
export class AppError extends Error {
  readonly code: string;
  readonly messageCode: string;
  readonly params?: ErrorParams;
  readonly fields?: Record<string, string>;
  readonly fieldMessages?: Record<string, FieldMessage>;

  constructor(
    readonly status: number,
    message: Message,
    params?: ErrorParams,
    fields?: Record<string, Message>,
    code?: string,
  ) {
    const r = resolve(message, params);
    super(r.sentence);
    this.messageCode = r.messageCode;
    this.params = r.params;
    this.code = code ?? r.messageCode;
    if (fields) {
      const each = Object.entries(fields).map(([field, m]) => [field, resolve(m)] as const);
      this.fields = Object.fromEntries(each.map(([field, f]) => [field, f.sentence]));
      this.fieldMessages = Object.fromEntries(
        each.map(([field, f]) => [field, { messageCode: f.messageCode, ...(f.params ? { params: f.params } : {}) }]),
      );
    }
  }
}

export const badRequest = (message: Message, params?: ErrorParams, fields?: Record<string, Message>) =>
  new AppError(400, message, params, fields, 'validation');
/** 400 for one field a service checked (the schema could not): "Invalid field "x": <its sentence>", translated as its sentence. */
export function invalidField(
  field: string,
  message: Said,
  fields: Record<string, Message> = { [field]: message },
  where = 'field',
) {
  const err = badRequest(message, undefined, fields);
  return Object.assign(err, { message: `Invalid ${where} "${field}": ${err.message}` });
}
export const unauthorized = (message: Message = 'unauthorized', params?: ErrorParams, code?: string) =>
  new AppError(401, message, params, undefined, code);
export const forbidden = (message: Message = 'forbidden', params?: ErrorParams, code?: string) =>
  new AppError(403, message, params, undefined, code);
export const notFound = (message: Message, params?: ErrorParams) =>
  new AppError(404, message, params, undefined, 'not_found');
export const conflict = (message: Message, params?: ErrorParams, code?: string) =>
  new AppError(409, message, params, undefined, code);
export const unprocessable = (
  message: Message,
  params?: ErrorParams,
  fields?: Record<string, Message>,
  code?: string,
) => new AppError(422, message, params, fields, code);

export function errorBody(
  message: string,
  code: string,
  fields?: Record<string, string>,
  more: { messageCode?: string; params?: ErrorParams; fieldMessages?: Record<string, FieldMessage> } = {},
) {
  return {
    ok: false as const,
    success: false as const,
    error: message,
    code,
    messageCode: more.messageCode ?? code,
    ...(more.params ? { params: more.params } : {}),
    ...(fields ? { fields } : {}),
    ...(more.fieldMessages ? { fieldMessages: more.fieldMessages } : {}),
  };
}

/** An error's message for a log line or a result row. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Whether the database refused a write for the unique index `constraint` (two requests raced past the check before it). */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' && e.constraint === constraint) return true;
  }
  return false;
}

/**
 * SQLSTATEs of a server going away, refusing connections or refusing writes: class 08 (connection exception) and these.
 * 25006 (read_only_sql_transaction) is what a standby answers every write with ("cannot execute INSERT in a read-only
 * transaction", "… LISTEN during recovery"): a failover left this app on a server that is not, or not yet, the
 * primary, or an operator set `default_transaction_read_only` (a disk filling up). The app never opens a read-only
 * transaction itself, so the code alone says it.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);
/**
 * 55000 (object_not_in_prerequisite_state) counts only with these messages: the database closed to new connections
 * (`ALTER DATABASE … ALLOW_CONNECTIONS false`, as for maintenance or a restore; FATAL at connect), and a standby's
 * answer to a WAL function. Its other uses are the app's own mistakes, which sending again does not mend (currval
 * before nextval in a session, prepared transactions disabled, a wal_level too low); a lock not available is 55P03,
 * never 503 here. The messages are PostgreSQL's English ones: with another lc_messages these stay 500s.
 */
const UNAVAILABLE_STATE_MESSAGES = new Map([
  ['55000', /^(database ".*" is not currently accepting connections|recovery is in progress)$/],
]);
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'PGLITE_THREAD_STOPPED']);
/** What node-postgres says when the connection under a query or a transaction is gone. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether a failure is the database (or the connection to it) being away for a moment: a restart or failover (57P01,
 * 57P02, 57P03), a killed backend, a refused or reset connection, a standby refusing writes (25006, 55000 "recovery is
 * in progress"), a database closed to connections (55000), the embedded database's thread gone. Such a request
 * may succeed when sent again, so it answers 503 with Retry-After instead of 500. Looks through `cause` (drizzle wraps
 * the driver's error).
 */
export function isUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 8;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_CODES.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    const needs = UNAVAILABLE_STATE_MESSAGES.get(code);
    if (needs?.test(message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
