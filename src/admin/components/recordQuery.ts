import { failureKind, retryLoad } from '../../lib/api-errors';

/**
 * How a record page (Show, Edit) loads its record. react-admin's own options ask once and, on any failure, say "item
 * doesn't exist" and go back to the list. Here only a refusal does that (`gone`): a load that failed for want of the
 * server is asked again like the lists' (the QueryClient keeps asking while the page is open) and the page stays, its
 * sentence in place of the record; a lost session or a restriction is left to the auth provider, which goes elsewhere.
 */
export function recordQueryOptions(gone: (error: Error) => void) {
  return {
    retry: retryLoad,
    onError: (error: Error) => {
      const kind = failureKind(error);
      if (kind === null || kind === 'refused') gone(error);
    },
  };
}
