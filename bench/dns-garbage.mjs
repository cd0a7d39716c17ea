/**
 * bench/dns.ts's garbage: a worker thread sending random datagrams and crafted headers (every count at 65,535) to the
 * DNS port at a fixed rate from 127.0.0.2, until told to stop; then posts { sent }. workerData: { port, rate }.
 */
import dgram from 'node:dgram';
import { randomBytes, randomInt } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { port, rate } = workerData;
const TICK_MS = 10;
const crafted = (i) => Buffer.from([(i >> 8) & 255, i & 255, 1, 0, 255, 255, 255, 255, 255, 255, 255, 255]);
const socket = dgram.createSocket('udp4');
socket.on('message', () => {});
await new Promise((resolve) => socket.bind(0, '127.0.0.2', resolve));

let sent = 0;
const started = Date.now();
const timer = setInterval(() => {
  // As many as the rate asks for by now: a late tick catches up instead of slowing the rate.
  const due = Math.floor(((Date.now() - started) / 1000) * rate);
  for (; sent < due; sent += 1)
    socket.send(sent % 4 === 0 ? crafted(sent) : randomBytes(randomInt(0, 600)), port, '127.0.0.1');
}, TICK_MS);
parentPort.once('message', () => {
  clearInterval(timer);
  socket.close();
  parentPort.postMessage({ sent });
});
