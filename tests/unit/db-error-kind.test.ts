import { describe, expect, it } from 'vitest';
import { dbErrorKind } from '../../server/modules/metrics/business.js';

describe('rwa_db_errors_total’s kinds', () => {
  it('sorts a database error by its SQLSTATE, through its causes; other errors are not counted', () => {
    expect(dbErrorKind(new Error('x'), true)).toBe('connection');
    expect(dbErrorKind({ code: '40001' }, false)).toBe('serialization');
    expect(dbErrorKind(new Error('wrapped', { cause: { code: '40P01' } }), false)).toBe('serialization');
    expect(dbErrorKind({ code: '57014' }, false)).toBe('timeout');
    expect(dbErrorKind({ code: '23505' }, false)).toBe('other');
    expect(dbErrorKind(new TypeError('not the database'), false)).toBeNull();
    expect(dbErrorKind({ code: 'ERR_SOMETHING' }, false)).toBeNull();
  });
});
