import { describe, expect, it } from 'vitest';
import { emailPrefix, parseOrderSearch } from '../../server/modules/orders/search.js';

describe('orders search box', () => {
  it('a whole id (any case) matches only that order', () => {
    expect(parseOrderSearch(' 0F8FAD5B-D9CB-469F-A165-70867728950E ')).toEqual({
      kind: 'id',
      id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    });
  });

  it('the 12 characters a table shows find the order by its id range, or an email that starts so', () => {
    expect(parseOrderSearch('0f8fad5b-d9c')).toEqual({
      kind: 'idPrefix',
      from: '0f8fad5b-d9c0-0000-0000-000000000000',
      to: '0f8fad5b-d9cf-ffff-ffff-ffffffffffff',
      pattern: '0f8fad5b-d9c%',
    });
    expect(parseOrderSearch('0f8fad5b')).toMatchObject({
      kind: 'idPrefix',
      from: '0f8fad5b-0000-0000-0000-000000000000',
    });
  });

  it('anything else is the start of an email, its LIKE wildcards escaped', () => {
    expect(parseOrderSearch('Ann_B%')).toEqual({ kind: 'email', pattern: 'ann\\_b\\%%' });
    expect(parseOrderSearch('0f8fad5')).toEqual({ kind: 'email', pattern: '0f8fad5%' }); // too short to be an id
    expect(parseOrderSearch('0f8fad5bd9cb')).toEqual({ kind: 'email', pattern: '0f8fad5bd9cb%' }); // no dash where an id has one
    expect(parseOrderSearch('0f8fad5g-d9c')).toMatchObject({ kind: 'email' });
    expect(emailPrefix('a\\b')).toBe('a\\\\b%');
  });
});
