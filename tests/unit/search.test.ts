import { describe, expect, it } from 'vitest';
import { containing } from '../../server/lib/search.js';

describe('a search box term as an ILIKE pattern', () => {
  it('matches any part, with %, _ and \\ taken as letters', () => {
    expect(containing('d206')).toBe('%d206%');
    expect(containing('Ann_B')).toBe('%Ann\\_B%');
    expect(containing('50%')).toBe('%50\\%%');
    expect(containing('a\\b')).toBe('%a\\\\b%');
  });
});
