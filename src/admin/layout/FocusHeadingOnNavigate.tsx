import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a move to another screen (not the first load, not a change of filters or page in the address), the focus goes
 * to the page's heading, so a keyboard or screen reader carries on from the top of the new screen instead of from
 * the menu item or the page's body.
 */
export function FocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A dialog that changed the address keeps its own focus.
    if (document.activeElement?.closest('[role="dialog"]')) return;
    document.querySelector<HTMLElement>('[data-testid="page-title"]')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
