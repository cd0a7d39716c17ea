import { useEffect, useState } from 'react';
import { RECOVER_MS, recoverable } from '../../lib/api-errors';

export type Loaded<T> =
  | { status: 'loading'; data: T | null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: T | null; error: unknown };

type Done<T> = { key: string; data: T | null; error: unknown; ok: boolean };

/**
 * Runs `load` whenever `key` changes (aborting the previous call) and keeps the last answer while the
 * next one loads, so a list can stay on screen under its loading indicator. `retry` runs it again.
 * A load that failed for want of the server is asked again by itself every RECOVER_MS, and when the browser is
 * back online, its failure staying on screen until it is answered.
 */
export function useLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [recovery, setRecovery] = useState(0);
  const [done, setDone] = useState<Done<T> | null>(null);
  const runKey = `${attempt}:${key}`;

  useEffect(() => {
    const ctrl = new AbortController();
    load(ctrl.signal).then(
      (data) => setDone({ key: runKey, data, error: null, ok: true }),
      (error: unknown) => {
        if (!ctrl.signal.aborted) setDone((prev) => ({ key: runKey, data: prev?.data ?? null, error, ok: false }));
      },
    );
    return () => ctrl.abort();
    // `load` is a new function each render; the key says when what it loads changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runKey, recovery]);

  const unanswered = !!done && done.key === runKey && !done.ok && recoverable(done.error);
  useEffect(() => {
    if (!unanswered) return;
    // Not a new key: the failure stays on screen while it is asked again.
    const again = () => setRecovery((n) => n + 1);
    const timer = setTimeout(again, RECOVER_MS);
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [unanswered, done]);

  const retry = () => setAttempt((n) => n + 1);
  if (!done || done.key !== runKey) return { status: 'loading', data: done?.data ?? null, error: null, retry };
  if (!done.ok) return { status: 'failed', data: done.data, error: done.error, retry };
  return { status: 'ready', data: done.data as T, error: null, retry };
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
