import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

/**
 * A page's tab as the path's last segment (`/notifications/bulk`; the first tab is the page's own path), so Back
 * returns to the tab a visitor left. The query string stays free for the tab's react-admin list (its page, sort and
 * filters), which replaces it whenever they change.
 */
export function usePathTab<T extends string>(base: string, tabs: readonly T[], keep?: string): [T, (tab: T) => void] {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sub = useParams()['*'] ?? '';
  const tab = tabs.find((t) => t === sub) ?? tabs[0];
  // `keep`: a query parameter the page itself reads (the member looked up), carried to the next tab.
  const kept = keep ? params.get(keep) : null;
  const select = useCallback(
    (next: T) =>
      navigate({
        pathname: next === tabs[0] ? base : `${base}/${next}`,
        search: keep && kept ? `?${new URLSearchParams({ [keep]: kept })}` : '',
      }),
    [navigate, base, tabs, keep, kept],
  );
  return [tab, select];
}
