import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';
import { EVENTS_TICKET_SECONDS } from './events.js';
import { optionalText } from './text.js';

export const eventsTicketAnswer = okWith({
  ticket: answerText.describe('Open GET /api/events?ticket=… with it, once, within `expiresInSeconds`'),
  expiresInSeconds: z.number().int().describe(`${EVENTS_TICKET_SECONDS}`),
});

export const eventsQuery = z.object({
  ticket: optionalText('ticket', 200).describe(
    'A ticket from POST /api/events/ticket (one use); never the bearer token',
  ),
  lastEventId: optionalText('lastEventId', 100).describe(
    'The id of the last event received, when reopening the stream (an EventSource sends the `Last-Event-ID` header itself only when it reconnects on its own)',
  ),
});
