/**
 * The one HTTP transport for the browser apps.
 * JSON in and out, bearer token from localStorage.authToken, error texts from the catalogue (messages.ts).
 * Every failure it throws is told to the listeners of api-errors.ts first, which decide what it means.
 */

import { MESSAGES, PAYMENT_RATE_LIMITED } from '../common/messages';
import type { ErrorParams, FieldMessage } from '../common/errors-catalogue';
import { reportApiFailure } from './api-errors';

export const TOKEN_KEY = 'authToken';

/** Paths any visitor may call without a stored token. */
export const PUBLIC_PATHS: readonly string[] = ['/api/admin/auth/login', '/api/settings/public', '/api/health'];

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fields?: Record<string, string>;
  readonly body?: unknown;
  /** The request's id (X-Request-Id) the server answered with: the logs' lines about this call carry it. */
  readonly requestId?: string;

  constructor(
    message: string,
    status: number,
    options: { code?: string; fields?: Record<string, string>; body?: unknown; requestId?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.fields = options.fields;
    this.body = options.body;
    this.requestId = options.requestId;
  }
}

/**
 * Turns a message code and its params into the reader's language, or answers undefined to keep the server's
 * English (the language is English, or the catalogue has no such code). Each app sets its own at start-up.
 */
export type ErrorTranslator = (messageCode: string, params?: ErrorParams) => string | undefined;
let translator: ErrorTranslator = () => undefined;
export const setErrorTranslator = (t: ErrorTranslator): void => {
  translator = t;
};

/** A message in the reader's language: the translation of its code, or the English given. */
export const translateError = (
  messageCode: string | undefined,
  params: ErrorParams | undefined,
  english: string,
): string => (messageCode ? translator(messageCode, params) : undefined) ?? english;

/** The server's sentence of an answer (`error`), in the reader's language; undefined when it sent none. */
export function serverSentence(body: unknown): string | undefined {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  if (typeof b.error !== 'string' || !b.error) return undefined;
  return translateError(typeof b.messageCode === 'string' ? b.messageCode : undefined, paramsOf(b.params), b.error);
}

const paramsOf = (v: unknown) => (v && typeof v === 'object' ? (v as ErrorParams) : undefined);

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export const getToken = (): string | null => storage()?.getItem(TOKEN_KEY) ?? null;
export const setToken = (token: string): void => storage()?.setItem(TOKEN_KEY, token);
export const clearToken = (): void => storage()?.removeItem(TOKEN_KEY);

export function isPublicPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return !pathname.includes('/api/') || PUBLIC_PATHS.includes(pathname);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the stored-token requirement for an endpoint the server serves anonymously. */
  public?: boolean;
  /**
   * The caller hands its failures to a handler of its own (the admin's data provider: react-admin gives them to
   * authProvider.checkError), so the failure listeners (api-errors.ts) are not told.
   */
  unreported?: boolean;
}

/**
 * No answer at all (fetch threw: the server is down, the connection dropped), in the reader's language. A load
 * (`retrying`) says it will be asked again, as the apps do by themselves; a write or a one-off call says to try again.
 */
export const networkFailure = (retrying: boolean): ApiError =>
  new ApiError(
    retrying
      ? translateError('network_retrying', undefined, MESSAGES.unreachableRetrying)
      : translateError('network', undefined, MESSAGES.unreachable),
    0,
    { code: 'network' },
  );

const noToken = () => new ApiError(translateError('no_token', undefined, MESSAGES.noToken), 401, { code: 'no_token' });

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** The failure about to be thrown, told to the listeners first; a 401 forgets the stored token. */
function failure(error: ApiError, options: { unreported?: boolean } = {}): ApiError {
  if (error.status === 401) clearToken();
  if (!options.unreported) reportApiFailure(error);
  return error;
}

export interface RawResponse {
  status: number;
  ok: boolean;
  body: unknown;
}

/** Sends the request and parses the JSON body; no error mapping (login needs the server's own text). */
export async function rawRequest(path: string, options: RequestOptions = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { text };
    }
  }
  return { status: response.status, ok: response.ok, body };
}

interface ErrorBody {
  error?: unknown;
  message?: unknown;
  code?: unknown;
  messageCode?: unknown;
  params?: unknown;
  fields?: unknown;
  fieldMessages?: unknown;
  requestId?: unknown;
}

/** Each field's sentence in the reader's language (its `fieldMessages` entry translated, else the server's). */
function fieldsOf(b: ErrorBody): Record<string, string> | undefined {
  if (!b.fields || typeof b.fields !== 'object') return undefined;
  const codes = (b.fieldMessages && typeof b.fieldMessages === 'object' ? b.fieldMessages : {}) as Record<
    string,
    FieldMessage | undefined
  >;
  return Object.fromEntries(
    Object.entries(b.fields as Record<string, string>).map(([field, english]) => [
      field,
      translateError(codes[field]?.messageCode, codes[field]?.params, english),
    ]),
  );
}

export function errorFromResponse(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  const code = typeof b.code === 'string' ? b.code : undefined;
  const sentence = serverSentence(b);
  let message: string;
  if (status === 429 && code === PAYMENT_RATE_LIMITED && sentence) message = sentence;
  else if (status === 429) message = translateError('rate_limited', undefined, MESSAGES.tooMany);
  else if (status === 401) message = translateError('unauthorized', undefined, MESSAGES.unauthorized);
  else if (status === 404) message = translateError('api_not_found', undefined, MESSAGES.notFound);
  else if (sentence) message = sentence;
  else if (typeof b.message === 'string' && b.message) message = b.message;
  else message = translateError('request_failed', undefined, MESSAGES.generic);
  const requestId = typeof b.requestId === 'string' ? b.requestId : undefined;
  // A failure of the server's own (5xx) is one a person reports: its notice names the request for the logs.
  if (requestId && status >= 500)
    message = `${message} ${translateError('error_reference', { id: requestId }, `Reference: ${requestId}`)}`;
  return new ApiError(message, status, { code, fields: fieldsOf(b), body, requestId });
}

/** Sends the request; resolves with the parsed body on 2xx, throws an ApiError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.public && !isPublicPath(path) && !getToken()) throw failure(noToken(), options);
  let res: RawResponse;
  try {
    res = await rawRequest(path, options);
  } catch (e) {
    if (isAbort(e)) throw e;
    throw failure(networkFailure((options.method ?? 'GET') === 'GET'), options);
  }
  if (!res.ok) throw failure(errorFromResponse(res.status, res.body), options);
  return res.body as T;
}

export const apiGet = <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  apiRequest<T>(path, { ...options, method: 'GET' });

export const apiSend = <T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
) => apiRequest<T>(path, { ...options, method, body });

/** Sends one file as multipart/form-data (the browser sets the boundary); answers and errors as apiRequest. */
export async function apiUpload<T>(path: string, file: Blob, field = 'file'): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  return apiSendForm<T>(path, form);
}

/** A file the server serves only with the token (e.g. a KYC document): its bytes as a Blob; errors as apiRequest. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await authorizedGet(path, signal)).blob();
}

/** GET with the stored token: the response when it is 2xx, otherwise an ApiError as apiRequest throws. */
async function authorizedGet(path: string, signal?: AbortSignal): Promise<Response> {
  const token = getToken();
  if (!token) throw failure(noToken());
  let response: Response;
  try {
    response = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  } catch (e) {
    if (isAbort(e)) throw e;
    throw failure(networkFailure(false));
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw failure(errorFromResponse(response.status, body));
  }
  return response;
}

/** Sends a whole form (fields and files) as multipart/form-data; answers and errors as apiRequest. */
export async function apiSendForm<T>(path: string, form: FormData): Promise<T> {
  const token = getToken();
  if (!token) throw failure(noToken());
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw failure(networkFailure(false));
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw failure(errorFromResponse(response.status, body));
  return body as T;
}

/** How much of a download has arrived: bytes, and for a CSV its records so far (the header not counted). */
export type DownloadProgress = { bytes: number; rows: number };

/**
 * Counts a CSV's records as its bytes arrive: line feeds outside quoted cells (a doubled quote inside a cell toggles
 * twice, so it changes nothing). The state carries across chunks.
 */
export function csvRecordCounter() {
  let quoted = false;
  let lines = 0;
  return (chunk: Uint8Array): number => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === 0x22) quoted = !quoted;
      else if (b === 0x0a && !quoted) lines++;
    }
    return Math.max(0, lines - 1);
  };
}

/**
 * Downloads a file the API streams (a CSV export) with the stored token, and hands it to the browser as a download.
 * The body is read as it arrives, so `onProgress` can show it; `signal` cancels it (an AbortError, nothing saved).
 */
export async function apiDownload(
  path: string,
  fallbackName: string,
  opts: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {},
): Promise<void> {
  const response = await authorizedGet(path, opts.signal);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const chunks: Uint8Array[] = [];
  const count = csvRecordCounter();
  const progress: DownloadProgress = { bytes: 0, rows: 0 };
  const reader = response.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.length;
      progress.rows = count(value);
      opts.onProgress?.({ ...progress });
    }
  } catch (e) {
    if (isAbort(e)) throw e;
    throw failure(networkFailure(false));
  }
  const url = URL.createObjectURL(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Builds "?a=1&b=2" from the defined, non-empty values. */
export function toQuery(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
