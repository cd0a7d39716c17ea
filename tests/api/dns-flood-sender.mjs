/**
 * A worker thread that floods a DNS port with garbage, at a bounded pace, so that the test thread measuring the HTTP
 * API's latency is not starved by the sending. workerData: { port, crafted, random, tcpFrames, from, seconds }.
 * Posts { ready } once set up, starts on any message, posts { sent, formerr } when done. Plain JavaScript: a worker
 * thread does not inherit the tests' TypeScript transform.
 */
import dgram from 'node:dgram';
import { randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';

const { port, crafted, random, tcpFrames, from = '127.0.0.1', seconds = 2 } = workerData;

/** A 12-byte header of a query (or a response) claiming 65,535 records in each section, with no body. */
const craftedHeader = (i, response = false) =>
  Buffer.from([(i >> 8) & 255, i & 255, response ? 0x81 : 0x01, 0, 255, 255, 255, 255, 255, 255, 255, 255]);
/** The same with a real question after it. */
const craftedQuery = (i) => Buffer.concat([craftedHeader(i), Buffer.from([3, 119, 119, 119, 0, 0, 1, 0, 1])]);
const crafts = [craftedHeader, craftedQuery, (i) => craftedHeader(i, true)];
const randomDatagram = () => randomBytes(randomInt(0, 600));

const datagrams = [];
for (let i = 0; i < crafted; i += 1) datagrams.push(crafts[i % 3](i));
for (let i = 0; i < random; i += 1) datagrams.push(randomDatagram());
datagrams.sort(() => Math.random() - 0.5);

const udp = dgram.createSocket('udp4');
/** FORMERR replies that came back: the server was reading the flood, not deaf to it. */
let formerr = 0;
udp.on('message', (m) => {
  if (m.length >= 4 && (m[3] & 0xf) === 1) formerr += 1;
});
await new Promise((resolve) => udp.bind(0, from, resolve));

/** Ten connections, each sent its share of frames: random, crafted, oversized and (last) a frame left half-sent. */
const connections = await Promise.all(
  Array.from({ length: 10 }, async () => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    socket.on('error', () => {});
    socket.on('data', () => {});
    await new Promise((resolve) => {
      socket.once('connect', resolve);
      socket.once('close', resolve);
    });
    return socket;
  }),
);

async function tcpFlood() {
  const per = Math.ceil(tcpFrames / connections.length);
  await Promise.all(
    connections.map(async (socket) => {
      for (let i = 0; i < per && !socket.destroyed; i += 1) {
        const body = i % 3 === 0 ? craftedHeader(i) : randomBytes(randomInt(0, 600));
        const length = Buffer.alloc(2);
        length.writeUInt16BE(i % 10 === 9 ? 65_535 : body.length);
        socket.write(Buffer.concat([length, body]));
        await sleep(Math.floor((seconds * 1000) / per));
      }
      socket.destroy();
    }),
  );
}

// Ready once everything is set up: the test measures from the first packet, not from this thread's start.
await new Promise((resolve) => {
  parentPort.once('message', resolve);
  parentPort.postMessage({ ready: true });
});
const batch = 20;
const pause = Math.max(1, Math.floor((seconds * 1000) / Math.ceil(datagrams.length / batch)));
const sending = tcpFlood();
for (let i = 0; i < datagrams.length; i += batch) {
  for (const d of datagrams.slice(i, i + batch)) udp.send(d, port, '127.0.0.1');
  await sleep(pause);
}
await sending;
await sleep(200);
udp.close();
parentPort.postMessage({ sent: datagrams.length + tcpFrames, formerr });
