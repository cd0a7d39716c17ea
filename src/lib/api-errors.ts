/**
 * What a failed API call means, decided in one place for both browser apps. The transport (api.ts) tells the
 * listeners here of every failure it throws: the admin hands them to authProvider.checkError, as react-admin does
 * with the data provider's, and its QueryClient asks again for what failed for want of the server; the shop's session
 * and its loads do the same. An ApiError and react-admin's HttpError (whose code is in its body) are read alike.
 */
import { restrictionOfCode, type Restriction } from '../common/two-factor';

/**
 * - `network`: no answer at all (the server is down, the connection dropped);
 * - `unavailable`: 502, 503 or 504, the server cannot serve for a moment;
 * - `session`: 401, the session is gone or was never there: log in again;
 * - a restriction: 403 because the session must first enrol in 2FA or change its password;
 * - `refused`: any other answer, shown as it is (asking again changes nothing).
 */
export type FailureKind = 'network' | 'unavailable' | 'session' | Restriction | 'refused';

const stringOr = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The kind of an API failure; null for anything else (an aborted call, a bug). */
export function failureKind(error: unknown): FailureKind | null {
  if (!error || typeof error !== 'object') return null;
  const { status, code, body } = error as { status?: unknown; code?: unknown; body?: unknown };
  if (typeof status !== 'number') return null;
  const said =
    stringOr(code) ?? (body && typeof body === 'object' ? stringOr((body as { code?: unknown }).code) : undefined);
  if (status === 0 || said === 'network') return 'network';
  if (status === 401) return 'session';
  const restriction = status === 403 ? restrictionOfCode(said) : null;
  if (restriction) return restriction;
  if (status === 502 || status === 503 || status === 504) return 'unavailable';
  return 'refused';
}

/** The server may well answer the same call in a moment: a load is asked again by itself. */
export const recoverable = (error: unknown): boolean => {
  const kind = failureKind(error);
  return kind === 'network' || kind === 'unavailable';
};

/** How many times a failed load is asked again straight away (1 s, then 2 s apart) before its screen says so. */
export const LOAD_RETRIES = 2;
/** Then how often a screen whose load failed for want of the server asks again, until it answers. */
export const RECOVER_MS = 5_000;

/** react-query's `retry` for loads: a refusal is final, a missing server is asked again. */
export const retryLoad = (failures: number, error: unknown): boolean => failures < LOAD_RETRIES && recoverable(error);

type FailureListener = (error: Error) => void;
const listeners = new Set<FailureListener>();

/** Calls `listener` with every failure the transport throws; answers the function that stops it. */
export function onApiFailure(listener: FailureListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The transport's side: tells every listener of a failure it is about to throw. */
export function reportApiFailure(error: Error): void {
  for (const listener of listeners) listener(error);
}
