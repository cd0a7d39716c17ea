import { EVENTS_PATH, EVENTS_TICKET_PATH, EVENTS_TICKET_SECONDS } from '../../../src/common/events.js';
import { eventsQuery, eventsTicketAnswer } from '../../../src/common/events.schemas.js';
import { sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { bearer, sessionStanding } from '../auth/service.js';
import { eventsAccess as access } from './policy.js';
import { EventsHub } from './service.js';
import { issueTicket, readTicket, spendTicket } from './tickets.js';

/** Query parameters that would carry a bearer token in the address: refused, never read. */
const TOKEN_PARAMS = ['access_token', 'token', 'bearer', 'authorization', 'auth'];

export default defineRoutes('events', (r, { db, settings }) => {
  const hub = new EventsHub(db, settings).start();
  // Before the server waits for its connections to end: the streams never would by themselves.
  r.addHook('preClose', async () => hub.stop());

  r.post(
    EVENTS_TICKET_PATH,
    {
      config: access.ticket,
      schema: {
        response: { 200: eventsTicketAnswer },
        summary: 'A one-use ticket that opens the live events stream',
        description: `Valid for ${EVENTS_TICKET_SECONDS} s and one stream: an EventSource cannot send the bearer token, and the token must never be in an address.`,
      },
    },
    async (req) => {
      const tokenHash = sha256(bearer(req.headers.authorization)!);
      return { ok: true, ticket: issueTicket(req.user!.sessionId, tokenHash), expiresInSeconds: EVENTS_TICKET_SECONDS };
    },
  );

  r.get(
    EVENTS_PATH,
    {
      config: {
        ...access.stream,
        sends: {
          types: ['text/event-stream'],
          description:
            'Server-Sent Events. Each `message` event: `{resource, id, change}` (a record the caller may read changed: `created`, `updated` or `deleted`), with an `id` to resume from (`Last-Event-ID`). `reload`: changes were missed, look again at everything. `end`: the session ended; the stream closes. A comment line every 15 s keeps proxies from closing it.',
        },
      },
      schema: {
        querystring: eventsQuery,
        summary: 'The live events stream: what changed that the caller may read',
        description:
          'Opened with a ticket from POST /api/events/ticket; a bearer token in the address is refused. Headers: `Cache-Control: no-store`, `X-Accel-Buffering: no`.',
      },
    },
    async (req, reply) => {
      const params = new URLSearchParams(req.url.split('?')[1] ?? '');
      if (TOKEN_PARAMS.some((p) => params.has(p))) throw unauthorized('events_token_in_url');
      if (!req.query.ticket) throw unauthorized('events_ticket_missing');
      const ticket = readTicket(req.query.ticket);
      if (!ticket) throw unauthorized('events_ticket_invalid');
      const standing = await sessionStanding(db, settings, ticket.sessionId);
      if (!standing || !spendTicket(ticket, standing.tokenHash)) throw unauthorized('events_ticket_invalid');
      reply.hijack();
      const res = reply.raw;
      const set = Object.entries(reply.getHeaders()).filter((e): e is [string, string | number | string[]] => !!e[1]);
      res.writeHead(200, {
        ...Object.fromEntries(set),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const header = req.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' ? header : null) ?? req.query.lastEventId;
      const stop = await hub.open(standing.user, standing.endsAt, res, lastEventId);
      res.on('close', stop);
    },
  );
});
