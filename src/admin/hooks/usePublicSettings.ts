import { useEffect, useSyncExternalStore } from 'react';
import { apiGet } from '../../lib/api';
import type { PublicSettings } from '../../common/settings';

/** GET /api/settings/public, fetched once per page and shared; `refreshPublicSettings` after a save. */
let current: PublicSettings | null = null;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function refreshPublicSettings(): Promise<void> {
  inFlight = apiGet<{ settings: PublicSettings }>('/api/settings/public')
    .then((r) => {
      current = r.settings ?? null;
      listeners.forEach((l) => l());
    })
    .catch(() => {
      // the app keeps its defaults (site name "RWA Admin", UTC, USD) when settings cannot be read
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePublicSettings(): PublicSettings | null {
  const settings = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (!current && !inFlight) void refreshPublicSettings();
  }, []);
  return settings;
}
