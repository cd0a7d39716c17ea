/**
 * The DNS server's worker thread: it owns the UDP and TCP sockets, checks and decodes each query, answers it from its
 * copy of the records (zone-copy.ts) and encodes the reply, so that nothing sent to the DNS port takes time from the
 * HTTP thread. Over UDP replies pass response rate limiting (rrl.ts). Over TCP (RFC 7766): an idle timeout, a
 * maximum query length, a few connections per source address and a bound on all of them, a few queries in flight
 * per connection (the socket is paused meanwhile), and a connection that does not read its replies is closed.
 */
import dgram from 'node:dgram';
import net, { type AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { normalizeName, zoneOf } from '../names.js';
import type { FromWorker, ToWorker, WorkerSettings } from './protocol.js';
import { respond, slipReply, type Transport } from './respond.js';
import { ResponseRateLimiter } from './rrl.js';
import { bareReply, parseQuery, RCODE, type Parsed } from './wire.js';
import { ZoneCopy } from './zone-copy.js';
import { buildIndex } from './zone-index.js';
import { messageOf } from '../../../lib/errors.js';

const TCP_IDLE_MS = 5000;
/** A query is a header, one name (at most 255 bytes) and an OPT record: well under this; a larger frame is refused. */
const TCP_MAX_QUERY = 4096;
const TCP_PER_SOURCE = 10;
const TCP_TOTAL = 256;
const TCP_IN_FLIGHT = 8;
/** Reply bytes a connection may leave unread before it is closed. */
const TCP_UNREAD_MAX = 256 * 1024;
/** Log lines a minute at most: a stream of bad input must not become a stream of log lines. */
const LOGS_PER_MINUTE = 20;

const settings = workerData as WorkerSettings;
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);

let logged = 0;
setInterval(() => {
  logged = 0;
}, 60_000).unref();
function log(level: 'warn' | 'error', message: string) {
  if (logged++ < LOGS_PER_MINUTE) post({ type: 'log', level, message });
}

const copy = new ZoneCopy(
  (seq, generation) => post({ type: 'refresh', seq, generation }),
  (m) => buildIndex(m.rows ?? [], m.serial, settings.zones, settings.nameservers),
  () => Atomics.load(settings.writes, 0),
);
const rrl = new ResponseRateLimiter(settings.rrl);

/** The reply to one parsed message (null: none), never a thrown error. */
async function replyTo(parsed: Parsed, transport: Transport): Promise<Buffer | null> {
  if (parsed.kind === 'drop') return null;
  if (parsed.kind === 'bare') return parsed.message;
  const question = parsed.query.questions[0]!;
  try {
    const index = zoneOf(normalizeName(question.name), settings.zones) ? await copy.get() : null;
    return respond(parsed.query, transport, settings.zones, index);
  } catch (err) {
    log('warn', `DNS server: could not answer ${question.name}: ${messageOf(err)}`);
    return bareReply({ id: parsed.query.id ?? 0, flags: parsed.query.flags ?? 0 }, RCODE.SERVFAIL);
  }
}

const udp = dgram.createSocket({ type: settings.host.includes(':') ? 'udp6' : 'udp4' });
function onDatagram(message: Buffer, from: dgram.RemoteInfo) {
  if (from.port === 0) return;
  const parsed = parseQuery(message);
  if (parsed.kind === 'drop') return;
  const decision = rrl.decide(from.address, Date.now());
  if (decision === 'drop') return;
  const send = (reply: Buffer | null) => {
    if (reply) udp.send(reply, from.port, from.address, () => {});
  };
  if (decision === 'slip') return send(parsed.kind === 'query' ? slipReply(parsed.query) : parsed.message);
  void replyTo(parsed, 'udp')
    .then(send)
    .catch((err: unknown) => log('error', `DNS server (UDP): ${messageOf(err)}`));
}
udp.on('message', (message, from) => {
  try {
    onDatagram(message, from);
  } catch (err) {
    log('error', `DNS server (UDP): ${messageOf(err)}`);
  }
});

const bySource = new Map<string, number>();
const connections = new Set<net.Socket>();
const tcp = net.createServer((socket) => {
  const source = socket.remoteAddress ?? '';
  const open = bySource.get(source) ?? 0;
  if (open >= TCP_PER_SOURCE) return void socket.destroy();
  bySource.set(source, open + 1);
  connections.add(socket);
  socket.on('close', () => {
    connections.delete(socket);
    const left = (bySource.get(source) ?? 1) - 1;
    if (left > 0) bySource.set(source, left);
    else bySource.delete(source);
  });
  socket.on('error', () => {
    /* a reset by the client: nothing to answer to */
  });
  socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
  serveFrames(socket);
});
tcp.maxConnections = TCP_TOTAL;

/** Length-prefixed queries in, replies out in the same order; at most one partial query held. */
function serveFrames(socket: net.Socket) {
  let held: Buffer = Buffer.alloc(0);
  let inFlight = 0;
  let previous: Promise<unknown> = Promise.resolve();
  const pump = () => {
    while (inFlight < TCP_IN_FLIGHT && held.length >= 2 && !socket.destroyed) {
      const length = held.readUInt16BE(0);
      if (length > TCP_MAX_QUERY) return void socket.destroy();
      if (held.length < 2 + length) break;
      const frame = held.subarray(2, 2 + length);
      held = held.subarray(2 + length);
      inFlight += 1;
      const reply = replyTo(parseQuery(frame), 'tcp');
      previous = Promise.all([reply, previous])
        .then(([out]) => {
          if (!out || socket.destroyed) return;
          const prefix = Buffer.alloc(2);
          prefix.writeUInt16BE(out.length);
          socket.write(Buffer.concat([prefix, out]));
          if (socket.writableLength > TCP_UNREAD_MAX) socket.destroy();
        })
        .catch(() => socket.destroy())
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
    if (inFlight >= TCP_IN_FLIGHT) socket.pause();
    else socket.resume();
  };
  socket.on('data', (chunk: Buffer) => {
    held = held.length ? Buffer.concat([held, chunk]) : chunk;
    pump();
  });
}

const listen = (p: number) =>
  new Promise<number>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(p, settings.host, () => {
      tcp.off('error', reject);
      resolve((tcp.address() as AddressInfo).port);
    });
  });
const bind = (p: number) =>
  new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(p, settings.host, () => {
      udp.off('error', reject);
      resolve();
    });
  });

/** Binds TCP then UDP on one port (port 0: a free one; TCP's may be taken for UDP, then another is tried). */
async function start(): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const bound = await listen(settings.port);
    try {
      await bind(bound);
      return bound;
    } catch (err) {
      await new Promise((resolve) => tcp.close(resolve));
      if (settings.port !== 0 || attempt >= 5) throw err;
    }
  }
}

async function close() {
  for (const socket of connections) socket.destroy();
  await Promise.all([
    new Promise((resolve) => (tcp.listening ? tcp.close(resolve) : resolve(null))),
    new Promise<void>((resolve) => {
      try {
        udp.close(() => resolve());
      } catch {
        resolve();
      }
    }),
  ]);
  post({ type: 'closed' });
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'records') copy.received(message);
  else if (message.type === 'records-failed') copy.failed();
  else if (message.type === 'close') void close();
});

export async function run() {
  try {
    const bound = await start();
    udp.on('error', (err) => log('error', `DNS server (UDP): ${err.message}`));
    tcp.on('error', (err) => log('error', `DNS server (TCP): ${err.message}`));
    post({ type: 'listening', port: bound });
  } catch (err) {
    post({ type: 'failed', message: messageOf(err), code: (err as { code?: string }).code });
  }
}
