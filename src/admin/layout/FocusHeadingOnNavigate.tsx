import { useEffect, useRef } from 'react';
import { useResourceDefinitions, type ResourceDefinition } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** How long a form's screen and record may take to show after the address changed. */
const FORM_WAIT_MS = 10_000;
const FIELDS = 'input, textarea, select, [role="combobox"]';

/** Whether the address is a resource's create page (`/<name>/create`) or edit page (`/<name>/<id>`). */
function isFormPage(pathname: string, resources: Record<string, ResourceDefinition>) {
  const [name, second, ...rest] = pathname.split('/').filter(Boolean);
  const resource = name ? resources[name] : undefined;
  if (!resource || !second || rest.length) return false;
  return second === 'create' ? !!resource.hasCreate : !!resource.hasEdit;
}

/** The main region's form's first field a person can type in or choose from, once it is on screen. */
function firstField(): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(`main form :is(${FIELDS})`)].find(
    (el) =>
      el.tabIndex >= 0 &&
      !el.matches(':disabled, [type="hidden"], [aria-hidden="true"]') &&
      el.checkVisibility({ visibilityProperty: true }),
  );
}

/**
 * After a move to another screen (not the first load, not a change of filters or page in the address), the focus goes
 * to the page's heading, so a keyboard or screen reader carries on from the top of the new screen instead of from the
 * menu item or the page's body. On a create or edit page it then goes on to the form's first field once the form is
 * shown (its screen and record load after the move), unless the person has moved the focus meanwhile.
 */
export function FocusHeadingOnNavigate() {
  const { pathname } = useLocation();
  const resources = useResourceDefinitions();
  const form = isFormPage(pathname, resources);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A dialog that changed the address keeps its own focus.
    if (document.activeElement?.closest('[role="dialog"]')) return;
    const heading = document.querySelector<HTMLElement>('[data-testid="page-title"]');
    heading?.focus({ preventScroll: true });
    if (!form) return;
    const untouched = () => document.activeElement === heading || document.activeElement === document.body;
    const settle = () => {
      const field = firstField();
      if (!field) return false;
      if (untouched()) field.focus();
      return true;
    };
    if (settle()) return;
    const watch = new MutationObserver(() => {
      if (settle()) stop();
    });
    const timer = setTimeout(() => stop(), FORM_WAIT_MS);
    const stop = () => {
      watch.disconnect();
      clearTimeout(timer);
    };
    watch.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, form]);
  return null;
}
