import { useEffect, useSyncExternalStore } from 'react';
import { apiGet } from '../lib/api';

/**
 * What GET /api/settings/public answers. Declared here rather than imported from src/common/settings.ts,
 * which carries the zod settings schema the storefront must not download.
 */
export type ShopSettings = {
  siteName: string;
  timezone: string;
  language: string;
  currency: string;
  cryptoSymbol: string;
};

export type SettingsState =
  | { status: 'loading'; settings: null }
  | { status: 'ready'; settings: ShopSettings }
  | { status: 'failed'; settings: null };

let state: SettingsState = { status: 'loading', settings: null };
let started = false;
const listeners = new Set<() => void>();

function set(next: SettingsState) {
  state = next;
  listeners.forEach((l) => l());
}

/** Fetched once per page and shared by every screen. */
export function loadSettings(): void {
  if (started) return;
  started = true;
  apiGet<{ settings: ShopSettings }>('/api/settings/public')
    .then((r) => set(r.settings ? { status: 'ready', settings: r.settings } : { status: 'failed', settings: null }))
    // the shop keeps its defaults (its own name, UTC, USD) when settings cannot be read
    .catch(() => set({ status: 'failed', settings: null }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSettings(): SettingsState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  useEffect(loadSettings, []);
  return current;
}

/** The site's name once known, the catalogue's fallback when settings cannot be read, '' while loading. */
export function useSiteName(fallback: string): string {
  const s = useSettings();
  if (s.status === 'ready') return s.settings.siteName || fallback;
  return s.status === 'failed' ? fallback : '';
}

/** For tests: forget what was fetched. */
export function resetSettings(): void {
  started = false;
  state = { status: 'loading', settings: null };
}
