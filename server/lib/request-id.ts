import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** The header a request's id arrives in (from a trusted proxy only) and is answered in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id taken from a proxy may look like: short, printable, no spaces (it goes into log lines and answers). */
const ACCEPTABLE_ID = /^[\w.:@/+=-]{1,128}$/;

/** A proxy address (`10.0.0.1`) or network (`10.0.0.0/8`, `fd00::/8`) whose X-Request-Id is taken. */
export function validProxyEntry(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return Number.isInteger(n) && n >= 0 && n <= (isIP(address) === 4 ? 32 : 128);
}

/** The addresses `entries` name, for a quick check of a connection's peer. */
function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** Whether `address` (a socket's peer, `::ffff:`-mapped or not) is one of the trusted proxies. */
const trusted = (list: BlockList, address: string | undefined): boolean => {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const v4 = mapped ? mapped[1]! : isIP(address) === 4 ? address : null;
  return v4 ? list.check(v4, 'ipv4') : list.check(address, 'ipv6');
};

/**
 * Fastify's `genReqId`: the request's X-Request-Id when its connection comes from a trusted proxy and the id is
 * acceptable, a new UUID otherwise (a client cannot choose the id its lines are logged under).
 */
export function requestIdGenerator(trustedProxies: readonly string[]) {
  const list = blockListOf(trustedProxies);
  const any = trustedProxies.length > 0;
  return (req: IncomingMessage): string => {
    if (any && trusted(list, req.socket?.remoteAddress)) {
      const given = req.headers[REQUEST_ID_HEADER];
      const id = Array.isArray(given) ? given[0] : given;
      if (id && ACCEPTABLE_ID.test(id)) return id;
    }
    return randomUUID();
  };
}

/** The request being served, for work it queues (a mint job, an email) to carry its id to the worker. */
const current = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (the rest of a request's handling) with `requestId` as the current request's id. */
export const withRequestId = <T>(requestId: string, fn: () => T): T => current.run({ requestId }, fn);

/** The id of the request whose handling this is; null in a background loop or at start-up. */
export const currentRequestId = (): string | null => current.getStore()?.requestId ?? null;
