import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api';
import { LOAD_RETRIES } from '../../src/lib/api-errors';
import { recordQueryOptions } from '../../src/admin/components/recordQuery';

describe('a record page whose record fails to load', () => {
  it('goes back to the list when the record is refused (404 and other refusals), as react-admin does', () => {
    const gone = vi.fn();
    const { onError, retry } = recordQueryOptions(gone);
    const missing = new HttpError('Not found', 404, { code: 'not_found' });
    expect(retry(0, missing)).toBe(false);
    onError(missing);
    onError(new HttpError('Forbidden', 403, { code: 'forbidden' }));
    expect(gone.mock.calls.map(([e]) => (e as HttpError).status)).toEqual([404, 403]);
  });

  it('stays and asks again when the server did not answer', () => {
    const gone = vi.fn();
    const { onError, retry } = recordQueryOptions(gone);
    const down = new HttpError('The server cannot be reached; we will retry.', 0, { code: 'network' });
    const busy = new ApiError('Service unavailable', 503, { code: 'unavailable' });
    onError(down);
    onError(busy);
    expect(gone).not.toHaveBeenCalled();
    expect(retry(0, down)).toBe(true);
    expect(retry(LOAD_RETRIES - 1, busy)).toBe(true);
    expect(retry(LOAD_RETRIES, down)).toBe(false);
  });

  it('leaves a lost session and a 2FA restriction to the auth provider', () => {
    const gone = vi.fn();
    const { onError } = recordQueryOptions(gone);
    onError(new HttpError('Unauthorized', 401, { code: 'unauthorized' }));
    onError(new HttpError('Enrol', 403, { code: 'two_factor_enrolment_required' }));
    expect(gone).not.toHaveBeenCalled();
  });
});
