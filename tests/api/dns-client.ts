/** A small DNS client for the tests (dns-packet): one query over UDP or TCP, from a chosen loopback address. */
import dgram from 'node:dgram';
import net from 'node:net';
import { decode, encode, streamEncode, type DecodedPacket, type Packet, type RecordType } from 'dns-packet';

export type Reply = DecodedPacket & {
  rcode: string;
  opcode: string;
  additionals: NonNullable<Packet['additionals']>;
  answers: NonNullable<Packet['answers']>;
  authorities: NonNullable<Packet['authorities']>;
};
export type QueryOptions = {
  port: number;
  host?: string;
  localAddress?: string;
  timeoutMs?: number;
  edns?: { size?: number; version?: number };
};

/** A query for `name` (no recursion desired), with an OPT record when `edns` is given. */
export function queryPacket(name: string, type: RecordType, edns?: QueryOptions['edns']): Packet {
  return {
    type: 'query',
    id: Math.floor(Math.random() * 65_536),
    flags: 0,
    questions: [{ name, type, class: 'IN' }],
    additionals: edns
      ? [
          {
            type: 'OPT',
            name: '.',
            udpPayloadSize: edns.size ?? 1232,
            extendedRcode: 0,
            ednsVersion: edns.version ?? 0,
            flags: 0,
            flag_do: false,
            options: [],
          },
        ]
      : [],
  };
}

/** The answer over UDP, or null when none came within the timeout (dropped). */
export async function udpQuery(name: string, type: RecordType, o: QueryOptions): Promise<Reply | null> {
  const raw = await udpExchange(encode(queryPacket(name, type, o.edns)), o);
  return raw && (decode(raw) as Reply);
}

/** Sends `message` and waits for one datagram back (null after `timeoutMs`). */
export function udpExchange(message: Buffer, o: QueryOptions): Promise<Buffer | null> {
  const socket = dgram.createSocket('udp4');
  return new Promise<Buffer | null>((resolve, reject) => {
    const timer = setTimeout(() => resolve(null), o.timeoutMs ?? 1500);
    socket.once('error', reject);
    socket.once('message', (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    socket.bind(0, o.localAddress ?? '127.0.0.1', () => socket.send(message, o.port, o.host ?? '127.0.0.1'));
  }).finally(() => socket.close());
}

export async function tcpQuery(name: string, type: RecordType, o: QueryOptions): Promise<Reply> {
  return decode(await tcpExchange(streamEncode(queryPacket(name, type, o.edns)), o)) as Reply;
}

/** Writes `frame` (length-prefixed already) and reads one length-prefixed answer. */
export function tcpExchange(frame: Buffer, o: QueryOptions): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect({ port: o.port, host: o.host ?? '127.0.0.1', localAddress: o.localAddress });
    let received = Buffer.alloc(0);
    socket.setTimeout(o.timeoutMs ?? 3000, () => socket.destroy(new Error('no TCP answer in time')));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the connection closed without an answer')));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        socket.destroy();
        resolve(received.subarray(2, 2 + received.readUInt16BE(0)));
      }
    });
    socket.on('connect', () => socket.write(frame));
  });
}

/** One answer record's data as text (addresses, names, "10 mx.example.com", TXT strings joined). */
export function dataOf(record: NonNullable<Packet['answers']>[number]): string {
  const data = (record as { data?: unknown }).data;
  if (typeof data === 'string') return data;
  if (Array.isArray(data)) return data.map((d) => d.toString()).join('');
  if (data && typeof data === 'object' && 'exchange' in data) {
    const mx = data as { preference: number; exchange: string };
    return `${mx.preference} ${mx.exchange}`;
  }
  return JSON.stringify(data);
}
