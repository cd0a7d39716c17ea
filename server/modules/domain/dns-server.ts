/**
 * The embedded authoritative DNS server (dns2): answers queries for the managed zones' active records over UDP and
 * TCP on 127.0.0.1. Names outside the zones are REFUSED (it does not recurse); a name in a zone without records is
 * NXDOMAIN, a name with records of other types only NODATA, both with the zone's SOA for negative caching.
 */
import type { Socket as UdpSocket } from 'node:dgram';
import type { EventEmitter } from 'node:events';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import dns2 from 'dns2';
import type { Db } from '../../db/client.js';
import { normalizeName, txtStrings, zoneOf } from './policy.js';
import { ZoneData, type ServedRecord, type ZoneSnapshot } from './zone-data.js';
import { messageOf } from '../../lib/errors.js';

type Question = { name: string; type: number; class: number };
type Answer = Record<string, unknown> & { name: string; type: number; class: number; ttl: number };
/** The parts of dns2's packet this server uses (its bundled types lack RCODE and plain resource objects). */
type DnsPacket = {
  header: { id: number; opcode: number; rcode: number; aa: number };
  questions: Question[];
  answers: Answer[];
  authorities: Answer[];
};
const Packet = dns2.Packet as unknown as {
  TYPE: Record<'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS' | 'SOA' | 'ANY', number> & Record<string, number>;
  CLASS: { IN: number; ANY: number };
  RCODE: { NOERROR: number; FORMERR: number; SERVFAIL: number; NXDOMAIN: number; NOTIMP: number; REFUSED: number };
  createResponseFromRequest: (request: DnsPacket) => DnsPacket;
};
type Server = EventEmitter;
const createUDPServer = dns2.createUDPServer as unknown as (o: { type: 'udp4' }) => Server & UdpSocket;
const createTCPServer = dns2.createTCPServer as unknown as (o: { idleTimeout: number }) => Server & NetServer;

const HOST = '127.0.0.1';
/** How long a negative answer may be cached (the SOA's minimum): short, since records change from the screen. */
const NEGATIVE_TTL = 60;
/** CNAMEs followed inside the zones before giving up (a loop, or a long chain). */
const MAX_CHAIN = 8;

export type DnsServerHandle = { port: number; close: () => Promise<void> };
type Log = { info: (m: string) => void; warn: (m: string) => void; error: (m: string) => void };

const typeName = (code: number) => Object.keys(Packet.TYPE).find((k) => Packet.TYPE[k] === code);

function rdata(r: ServedRecord): Record<string, unknown> {
  switch (r.type) {
    case 'A':
    case 'AAAA':
      return { address: r.value };
    case 'CNAME':
      return { domain: r.value };
    case 'NS':
      return { ns: r.value };
    case 'MX': {
      const [priority, exchange] = r.value.split(' ');
      return { priority: Number(priority), exchange };
    }
    case 'TXT':
      return { data: txtStrings(r.value) };
  }
}

const resource = (name: string, r: ServedRecord): Answer => ({ name, type: Packet.TYPE[r.type], class: Packet.CLASS.IN, ttl: r.ttl, ...rdata(r) });

function soa(zone: string, data: ZoneSnapshot): Answer {
  const ns = data.byName.get(zone)?.find((r) => r.type === 'NS')?.value ?? `ns.${zone}`;
  return {
    name: zone, type: Packet.TYPE.SOA, class: Packet.CLASS.IN, ttl: NEGATIVE_TTL,
    primary: ns, admin: `hostmaster.${zone}`, serial: data.serial, refresh: 3600, retry: 600, expiration: 604_800, minimum: NEGATIVE_TTL,
  };
}

/** The answer to one question, as an authoritative server for `zones`. */
export function answer(request: DnsPacket, zones: readonly string[], data: ZoneSnapshot | null): DnsPacket {
  const response = Packet.createResponseFromRequest(request);
  const question = request.questions[0] as Question | undefined;
  if (request.header.opcode !== 0) return withCode(response, Packet.RCODE.NOTIMP);
  if (!question || request.questions.length !== 1) return withCode(response, Packet.RCODE.FORMERR);
  const name = normalizeName(question.name);
  const zone = zoneOf(name, zones);
  if (!zone || (question.class !== Packet.CLASS.IN && question.class !== Packet.CLASS.ANY)) return withCode(response, Packet.RCODE.REFUSED);
  if (!data) return withCode(response, Packet.RCODE.SERVFAIL);
  response.header.aa = 1;
  const wanted = question.type === Packet.TYPE.ANY ? 'ANY' : typeName(question.type);

  let current = name;
  let owner = question.name;
  for (let hop = 0; hop <= MAX_CHAIN; hop += 1) {
    const records = data.byName.get(current) ?? [];
    if (wanted === 'SOA' && current === zoneOf(current, zones)) {
      response.answers.push(soa(current, data));
      return response;
    }
    const matching = records.filter((r) => wanted === 'ANY' || r.type === wanted);
    if (matching.length) {
      response.answers.push(...matching.map((r) => resource(owner, r)));
      return response;
    }
    const cname = records.find((r) => r.type === 'CNAME');
    if (!cname) {
      if (hop === 0 && !data.names.has(current) && current !== zone) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      // NODATA (or the end of a chain): the SOA of the zone of the last name asked about.
      if (response.answers.length === 0 || zoneOf(current, zones)) response.authorities.push(soa(zoneOf(current, zones) ?? zone, data));
      return response;
    }
    response.answers.push(resource(owner, cname));
    // Follow the alias while it stays inside our zones; a resolver follows it elsewhere itself.
    if (!zoneOf(cname.value, zones)) return response;
    current = cname.value;
    owner = cname.value;
  }
  return response;
}

function withCode(response: DnsPacket, rcode: number) {
  response.header.rcode = rcode;
  return response;
}

/**
 * Starts the server on 127.0.0.1:`port` for UDP and TCP (port 0: a free port, the same for both), reading the
 * records through a short-lived cache. `close` stops both and drops open TCP connections.
 */
export async function startDnsServer({ db, port, zones, log }: { db: Db; port: number; zones: readonly string[]; log: Log }): Promise<DnsServerHandle> {
  const data = new ZoneData(db);
  const handle = async (request: DnsPacket, send: (r: DnsPacket) => unknown) => {
    let snapshot: ZoneSnapshot | null = null;
    const question = request.questions[0] as Question | undefined;
    if (question && zoneOf(normalizeName(question.name), zones)) {
      snapshot = await data.get().catch((err: unknown) => {
        log.warn(`DNS server: could not read the records: ${messageOf(err)}`);
        return null;
      });
    }
    let response: DnsPacket;
    try {
      response = answer(request, zones, snapshot);
    } catch (err) {
      log.warn(`DNS server: could not answer ${question?.name ?? '?'}: ${messageOf(err)}`);
      response = withCode(Packet.createResponseFromRequest(request), Packet.RCODE.SERVFAIL);
    }
    try {
      await send(response);
    } catch {
      // The client went away, or the server is closing: nothing to answer to.
    }
  };

  const udp = createUDPServer({ type: 'udp4' });
  const tcp = createTCPServer({ idleTimeout: 5000 });
  const sockets = new Set<Socket>();
  tcp.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  for (const server of [udp, tcp]) {
    server.on('request', (request: DnsPacket, send: (r: DnsPacket) => unknown) => { void handle(request, send); });
    server.on('requestError', () => { /* a malformed packet: dropped, as a DNS server does */ });
    server.on('error', (err: Error) => log.error(`DNS server: ${err.message}`));
  }

  const listenTcp = (p: number) => new Promise<number>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(p, HOST, () => {
      tcp.off('error', reject);
      resolve((tcp.address() as AddressInfo).port);
    });
  });
  const bindUdp = (p: number) => new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(p, HOST, () => {
      udp.off('error', reject);
      resolve();
    });
  });
  const closeTcp = () => new Promise<void>((resolve) => {
    if (!tcp.listening) return resolve();
    for (const s of sockets) s.destroy();
    tcp.close(() => resolve());
  });

  let bound: number;
  for (let attempt = 0; ; attempt += 1) {
    bound = await listenTcp(port);
    try {
      await bindUdp(bound);
      break;
    } catch (err) {
      await closeTcp();
      // Port 0: TCP's free port may be taken for UDP; try another one.
      if (port !== 0 || attempt >= 5) throw err;
    }
  }

  let closing: Promise<void> | null = null;
  return {
    port: bound,
    close: () => (closing ??= Promise.all([
      closeTcp(),
      new Promise<void>((resolve) => {
        try {
          udp.close(() => resolve());
        } catch {
          resolve();
        }
      }),
    ]).then(() => undefined)),
  };
}
