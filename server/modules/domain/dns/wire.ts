/**
 * What is checked of a DNS message before it is decoded: the work done on a packet is bounded by its length, never by
 * a count its sender wrote in the header. A question takes at least 5 bytes (the root name, type and class), a
 * resource record at least 11; a header claiming more than the packet can hold is FORMERR without decoding.
 */
import { decode, type DecodedPacket } from 'dns-packet';

export const HEADER_BYTES = 12;
const MIN_QUESTION_BYTES = 5;
const MIN_RECORD_BYTES = 11;

export const RCODE = { NOERROR: 0, FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;
export const FLAG = { QR: 0x8000, AA: 0x0400, TC: 0x0200, RD: 0x0100 } as const;
const OPCODE_BITS = 0x7800;

export type Header = {
  id: number;
  flags: number;
  questions: number;
  answers: number;
  authorities: number;
  additionals: number;
};

export function readHeader(message: Buffer): Header | null {
  if (message.length < HEADER_BYTES) return null;
  return {
    id: message.readUInt16BE(0),
    flags: message.readUInt16BE(2),
    questions: message.readUInt16BE(4),
    answers: message.readUInt16BE(6),
    authorities: message.readUInt16BE(8),
    additionals: message.readUInt16BE(10),
  };
}

/** Whether the sections the header announces could fit in `length` bytes at all. */
export function countsFit(header: Header, length: number): boolean {
  const records = header.answers + header.authorities + header.additionals;
  return header.questions * MIN_QUESTION_BYTES + records * MIN_RECORD_BYTES <= length - HEADER_BYTES;
}

/** A reply of the header alone (id, opcode and RD echoed, no sections): for a query that is not decoded. */
export function bareReply(header: Pick<Header, 'id' | 'flags'>, rcode: number): Buffer {
  const out = Buffer.alloc(HEADER_BYTES);
  out.writeUInt16BE(header.id, 0);
  out.writeUInt16BE(FLAG.QR | (header.flags & (OPCODE_BITS | FLAG.RD)) | rcode, 2);
  return out;
}

export type Parsed =
  | { kind: 'drop' }
  | { kind: 'bare'; message: Buffer }
  | { kind: 'query'; query: DecodedPacket & { questions: NonNullable<DecodedPacket['questions']> } };

/**
 * A message as a query to answer, a bare error reply, or nothing: shorter than a header, or a response (answering
 * those could start a loop between two servers). Other opcodes than QUERY are NOTIMP; anything but one question, a
 * header claiming more than the packet holds, or a packet the codec refuses is FORMERR.
 */
export function parseQuery(message: Buffer): Parsed {
  const header = readHeader(message);
  if (!header || header.flags & FLAG.QR) return { kind: 'drop' };
  if (header.flags & OPCODE_BITS) return { kind: 'bare', message: bareReply(header, RCODE.NOTIMP) };
  if (header.questions !== 1 || !countsFit(header, message.length))
    return { kind: 'bare', message: bareReply(header, RCODE.FORMERR) };
  try {
    const query = decode(message);
    if (query.questions?.length !== 1) return { kind: 'bare', message: bareReply(header, RCODE.FORMERR) };
    return { kind: 'query', query: query as DecodedPacket & { questions: NonNullable<DecodedPacket['questions']> } };
  } catch {
    return { kind: 'bare', message: bareReply(header, RCODE.FORMERR) };
  }
}
