/**
 * EDNS(0) (RFC 6891) as this server speaks it: a reply to a query with an OPT record carries one too; the requestor's
 * UDP payload size is honoured between 512 and MAX_UDP_PAYLOAD; a version above 0 is BADVERS; more than one OPT is
 * FORMERR. The DO bit is copied (RFC 3225), though nothing here is signed.
 */
import type { Answer, OptAnswer } from 'dns-packet';

/** What a reply may take over UDP without EDNS. */
export const PLAIN_UDP_PAYLOAD = 512;
/** The largest UDP reply sent: a size that avoids IP fragmentation on nearly every path (DNS Flag Day 2020). */
export const MAX_UDP_PAYLOAD = 1232;
/** Extended rcode 16: its upper 8 bits travel in the OPT record, the lower 4 in the header. */
export const BADVERS = 16;
const DO_BIT = 0x8000;

export type Edns =
  | { kind: 'none' }
  | { kind: 'formerr' }
  | { kind: 'badvers'; dnssecOk: boolean }
  | { kind: 'ok'; udpPayload: number; dnssecOk: boolean };

export function ednsOf(additionals: readonly Answer[]): Edns {
  const opts = additionals.filter((r): r is OptAnswer => r.type === 'OPT');
  if (opts.length === 0) return { kind: 'none' };
  if (opts.length > 1) return { kind: 'formerr' };
  const opt = opts[0]!;
  const dnssecOk = ((opt.flags ?? 0) & DO_BIT) !== 0;
  if (opt.ednsVersion !== 0) return { kind: 'badvers', dnssecOk };
  return {
    kind: 'ok',
    udpPayload: Math.min(MAX_UDP_PAYLOAD, Math.max(PLAIN_UDP_PAYLOAD, opt.udpPayloadSize)),
    dnssecOk,
  };
}

/** How large a UDP reply to this query may be. */
export const udpLimit = (edns: Edns) => (edns.kind === 'ok' ? edns.udpPayload : PLAIN_UDP_PAYLOAD);

/** The reply's OPT record: the size this server takes, the rcode's upper bits, version 0. */
export function optRecord(rcode: number, dnssecOk: boolean): OptAnswer {
  return {
    type: 'OPT',
    name: '.',
    udpPayloadSize: MAX_UDP_PAYLOAD,
    extendedRcode: rcode >> 4,
    ednsVersion: 0,
    flags: dnssecOk ? DO_BIT : 0,
    flag_do: dnssecOk,
    options: [],
  };
}
