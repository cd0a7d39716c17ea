import { useEffect, useRef } from 'react';
import type { LiveEvent } from '../../common/events';
import { followLive } from '../../lib/live';

/**
 * Calls `onChange` for each change the signed-in shopper's live stream brings (their own orders and payments,
 * src/lib/live.ts), and for a `reload`; nothing for a guest, who has no session to open it with.
 */
export function useLive(onChange: (event: LiveEvent | null) => void, enabled = true) {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  }, [onChange]);
  useEffect(() => {
    if (!enabled) return;
    return followLive({
      onChange: (event) => handler.current(event),
      onReload: () => handler.current(null),
    });
  }, [enabled]);
}
