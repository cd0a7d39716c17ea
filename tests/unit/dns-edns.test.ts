import type { Answer } from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { ednsOf, optRecord, udpLimit } from '../../server/modules/domain/dns/edns.js';

const opt = (udpPayloadSize: number, ednsVersion = 0, flags = 0): Answer => ({
  type: 'OPT',
  name: '.',
  udpPayloadSize,
  extendedRcode: 0,
  ednsVersion,
  flags,
  flag_do: false,
  options: [],
});

describe('EDNS(0)', () => {
  it('without an OPT record: no EDNS, replies of 512 bytes', () => {
    expect(ednsOf([])).toEqual({ kind: 'none' });
    expect(udpLimit(ednsOf([]))).toBe(512);
  });

  it('honours the payload size between 512 and 1232 bytes', () => {
    expect(udpLimit(ednsOf([opt(100)]))).toBe(512);
    expect(udpLimit(ednsOf([opt(800)]))).toBe(800);
    expect(udpLimit(ednsOf([opt(4096)]))).toBe(1232);
  });

  it('is BADVERS for another version and FORMERR for two OPT records, and copies the DO bit', () => {
    expect(ednsOf([opt(1232, 1)])).toEqual({ kind: 'badvers', dnssecOk: false });
    expect(ednsOf([opt(1232), opt(1232)])).toEqual({ kind: 'formerr' });
    expect(ednsOf([opt(1232, 0, 0x8000)])).toEqual({ kind: 'ok', udpPayload: 1232, dnssecOk: true });
    expect(optRecord(0, true)).toMatchObject({ flags: 0x8000, ednsVersion: 0, udpPayloadSize: 1232 });
  });

  it('carries the upper bits of an extended rcode (BADVERS 16 is 1 there)', () => {
    expect(optRecord(16, false).extendedRcode).toBe(1);
    expect(optRecord(3, false).extendedRcode).toBe(0);
  });
});
