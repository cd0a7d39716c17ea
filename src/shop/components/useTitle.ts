import { useEffect } from 'react';

/** "Products · <site name>" in the browser tab. */
export function useTitle(page: string, siteName: string) {
  useEffect(() => {
    document.title = [page, siteName].filter(Boolean).join(' · ');
  }, [page, siteName]);
}
