/**
 * A decoded query's reply as bytes: EDNS handled (edns.ts), the question answered (answer.ts), and over UDP the reply
 * made to fit what the requestor takes: first without its additional records (the OPT kept), then, when even that is
 * too long or a referral would lose its glue, truncated (TC, no records) so that the requestor asks over TCP.
 */
import { encode, type Packet } from 'dns-packet';
import { answerQuestion } from './answer.js';
import { BADVERS, ednsOf, optRecord, udpLimit } from './edns.js';
import { FLAG, RCODE, type Parsed } from './wire.js';
import type { ZoneIndex } from './zone-index.js';

export type Transport = 'udp' | 'tcp';
type Query = Extract<Parsed, { kind: 'query' }>['query'];

const TCP_MAX_MESSAGE = 65_535;
const KNOWN_CLASSES = new Set(['IN', 'CS', 'CH', 'HS', 'ANY']);

export function respond(query: Query, transport: Transport, zones: readonly string[], index: ZoneIndex | null): Buffer {
  const question = query.questions[0]!;
  const base = { type: 'response' as const, id: query.id, flags: (query.flags ?? 0) & FLAG.RD, questions: [question] };
  // A class the codec cannot write back would echo a different question: the header alone says no.
  if (!KNOWN_CLASSES.has(question.class ?? 'IN'))
    return encode({ ...base, flags: base.flags | RCODE.REFUSED, questions: [] });
  const edns = ednsOf(query.additionals ?? []);
  if (edns.kind === 'formerr') return encode({ ...base, flags: base.flags | RCODE.FORMERR });
  if (edns.kind === 'badvers')
    return encode({ ...base, flags: base.flags | (BADVERS & 0xf), additionals: [optRecord(BADVERS, edns.dnssecOk)] });
  const outcome = answerQuestion(question, zones, index);
  const opt = edns.kind === 'ok' ? [optRecord(outcome.rcode, edns.dnssecOk)] : [];
  const reply: Packet = {
    ...base,
    flags: base.flags | (outcome.authoritative ? FLAG.AA : 0) | outcome.rcode,
    answers: outcome.answers,
    authorities: outcome.authorities,
    additionals: [...outcome.additionals, ...opt],
  };
  const limit = transport === 'tcp' ? TCP_MAX_MESSAGE : udpLimit(edns);
  const whole = encode(reply);
  if (whole.length <= limit) return whole;
  if (!(outcome.referral && outcome.additionals.length)) {
    const lean = encode({ ...reply, additionals: opt });
    if (lean.length <= limit) return lean;
  }
  return encode({ ...reply, flags: reply.flags! | FLAG.TC, answers: [], authorities: [], additionals: opt });
}

/** What response rate limiting sends instead of a reply it drops: truncated, so a real client asks again over TCP. */
export function slipReply(query: Query): Buffer {
  return encode({
    type: 'response',
    id: query.id,
    flags: ((query.flags ?? 0) & FLAG.RD) | FLAG.TC,
    questions: query.questions,
  });
}
