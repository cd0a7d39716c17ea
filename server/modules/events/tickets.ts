/**
 * The stream's tickets: `<session>.<expires>.<nonce>.<mac>`, the mac an HMAC-SHA256 keyed with the session's token
 * hash (which only the database holds), so any process of the deployment checks a ticket another one issued, with no
 * shared store, and a ticket dies with its session. A ticket is used once on the process that opens the stream with it
 * (`used`); it is valid for EVENTS_TICKET_SECONDS.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EVENTS_TICKET_SECONDS } from '../../../src/common/events.js';

const mac = (tokenHash: string, body: string) => createHmac('sha256', tokenHash).update(body).digest('base64url');

export function issueTicket(sessionId: string, tokenHash: string, now = Date.now()): string {
  const body = `${sessionId}.${Math.floor(now / 1000) + EVENTS_TICKET_SECONDS}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${mac(tokenHash, body)}`;
}

/** The ticket's parts, or null when it is not shaped as a ticket (a bearer token sent by mistake, say). */
export function readTicket(ticket: string): { sessionId: string; expires: number; body: string; mac: string } | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(ticket);
  if (!m) return null;
  return { sessionId: m[1]!, expires: Number(m[2]), body: `${m[1]}.${m[2]}.${m[3]}`, mac: m[4]! };
}

const used = new Map<string, number>();

/** Whether the ticket is right for this session's token hash, unexpired and not used before; marks it used. */
export function spendTicket(t: NonNullable<ReturnType<typeof readTicket>>, tokenHash: string, now = Date.now()) {
  const nowS = Math.floor(now / 1000);
  if (t.expires < nowS) return false;
  const want = Buffer.from(mac(tokenHash, t.body));
  const got = Buffer.from(t.mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return false;
  for (const [key, expires] of used) if (expires < nowS) used.delete(key);
  if (used.has(t.body)) return false;
  used.set(t.body, t.expires);
  return true;
}
