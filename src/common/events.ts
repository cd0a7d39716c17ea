/**
 * The live events stream (`GET /api/events`, Server-Sent Events): what each event says and how a browser opens it.
 * A browser asks `POST /api/events/ticket` (with its bearer token) for a one-use ticket valid for a minute, then opens
 * `GET /api/events?ticket=…` with an EventSource, which cannot send headers. Each `message` event's data is a
 * `LiveEvent`: a record of `resource` (the admin's resource name, src/common/resources.ts) changed, and the screens
 * showing it look again. A `reload` event says that changes were missed (a reconnect came too late for the recent
 * events kept, or the server lost its bus): every screen looks again. An `end` event says the session has ended
 * (logout, suspension, expiry); the stream closes after it.
 */
export type LiveChangeKind = 'created' | 'updated' | 'deleted';

export type LiveEvent = {
  resource: string;
  /** The record's id; null: some records of the resource changed (a large batch). */
  id: string | null;
  change: LiveChangeKind;
};

export const EVENTS_PATH = '/api/events';
export const EVENTS_TICKET_PATH = '/api/events/ticket';
/** How long a ticket may wait before the stream is opened with it. */
export const EVENTS_TICKET_SECONDS = 60;
/** Seconds between the stream's heartbeats (comment lines a buffering proxy passes on). */
export const EVENTS_HEARTBEAT_SECONDS = 15;
