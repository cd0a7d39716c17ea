import { encode } from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { bareReply, countsFit, parseQuery, readHeader } from '../../server/modules/domain/dns/wire.js';

const header = (flags: number, ...counts: number[]) => {
  const out = Buffer.alloc(12);
  out.writeUInt16BE(0xbeef, 0);
  out.writeUInt16BE(flags, 2);
  counts.forEach((n, i) => out.writeUInt16BE(n, 4 + 2 * i));
  return out;
};
const query = encode({
  type: 'query',
  id: 7,
  flags: 0x0100,
  questions: [{ name: 'www.rwa.test', type: 'A', class: 'IN' }],
});
const rcodeOf = (parsed: ReturnType<typeof parseQuery>) =>
  parsed.kind === 'bare' ? parsed.message[3]! & 0xf : parsed.kind;

describe('the header checks before decoding', () => {
  it('reads the counts, and fits a question in 5 bytes and a record in 11 at the least', () => {
    expect(readHeader(Buffer.alloc(11))).toBeNull();
    expect(readHeader(header(0, 1, 2, 3, 4))).toEqual({
      id: 0xbeef,
      flags: 0,
      questions: 1,
      answers: 2,
      authorities: 3,
      additionals: 4,
    });
    const h = readHeader(header(0, 1, 0, 0, 1))!;
    expect(countsFit(h, 12 + 5 + 11)).toBe(true);
    expect(countsFit(h, 12 + 5 + 10)).toBe(false);
    expect(countsFit(readHeader(header(0, 65_535, 65_535, 65_535, 65_535))!, 65_507)).toBe(false);
    expect(countsFit(readHeader(query)!, query.length)).toBe(true);
  });

  it('answers a header claiming more than its packet holds with FORMERR, its id and RD echoed, without decoding', () => {
    const parsed = parseQuery(header(0x0100, 65_535, 65_535, 65_535, 65_535));
    expect(parsed.kind === 'bare' && [...parsed.message]).toEqual([0xbe, 0xef, 0x81, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(rcodeOf(parseQuery(Buffer.concat([header(0, 1, 0, 0, 60), Buffer.alloc(100)])))).toBe(1);
  });

  it('drops what is not a query (too short, or a response), says NOTIMP to other opcodes and FORMERR to zero or two questions or a bad body', () => {
    expect(parseQuery(Buffer.alloc(5))).toEqual({ kind: 'drop' });
    expect(parseQuery(header(0x8000, 1, 0, 0, 0))).toEqual({ kind: 'drop' });
    expect(rcodeOf(parseQuery(header(4 << 11, 0, 0, 0, 0)))).toBe(4);
    expect(rcodeOf(parseQuery(header(0, 0, 0, 0, 0)))).toBe(1);
    expect(rcodeOf(parseQuery(Buffer.concat([header(0, 2, 0, 0, 0), Buffer.alloc(10)])))).toBe(1);
    // A label length with the reserved bits 10: not a name.
    expect(rcodeOf(parseQuery(Buffer.concat([header(0, 1, 0, 0, 0), Buffer.from([0x80, 0, 0, 1, 0, 1])])))).toBe(1);
    // A compression pointer to itself.
    expect(rcodeOf(parseQuery(Buffer.concat([header(0, 1, 0, 0, 0), Buffer.from([0xc0, 12, 0, 1, 0, 1])])))).toBe(1);
  });

  it('decodes a well-formed query', () => {
    const parsed = parseQuery(query);
    expect(parsed.kind === 'query' && parsed.query.questions).toEqual([
      { name: 'www.rwa.test', type: 'A', class: 'IN' },
    ]);
  });

  it('writes a bare reply of 12 bytes', () => {
    expect(bareReply(readHeader(query)!, 2)).toHaveLength(12);
  });
});
