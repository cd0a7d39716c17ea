import { useCallback, useEffect, useRef, useState } from 'react';
import { apiDownload, type DownloadProgress } from '../../lib/api';

/**
 * One CSV download at a time from the server (`path` with the list's query): its progress while the rows arrive and
 * a cancel. `start` answers the failure's sentence (null when saved or cancelled). Leaving the screen cancels it.
 */
export function useCsvExport() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (path: string, fallbackName: string): Promise<string | null> => {
    if (abort.current) return null;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ bytes: 0, rows: 0 });
    try {
      await apiDownload(path, fallbackName, { signal: controller.signal, onProgress: setProgress });
      return null;
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return null;
      return e instanceof Error ? e.message : String(e);
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }, []);

  const cancel = useCallback(() => abort.current?.abort(), []);
  return { progress, start, cancel };
}
