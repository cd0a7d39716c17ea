/**
 * The live events stream for both browser apps (src/common/events.ts): asks a one-use ticket with the session's
 * bearer token, opens an EventSource with it (never the token in the address), and hands each change to `onChange`.
 * When the stream breaks it asks a new ticket and reopens after RETRY_MS, resuming after the last event received
 * (`lastEventId`); the server answers `reload` when it cannot resume, and `end` when the session is over (then it
 * stays closed: the app's next call finds the session gone and goes to the login).
 */
import { EVENTS_PATH, EVENTS_TICKET_PATH, type LiveEvent } from '../common/events';
import { apiSend, getToken } from './api';

const RETRY_MS = 3_000;

export type LiveHandlers = {
  onChange(event: LiveEvent): void;
  /** Changes may have been missed: look again at everything shown. */
  onReload(): void;
};

/** Follows the stream while the session lasts; returns how to stop. Does nothing without a session. */
export function followLive(handlers: LiveHandlers): () => void {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let lastId: string | null = null;

  const later = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RETRY_MS);
  };

  async function connect() {
    timer = null;
    if (stopped || !getToken() || typeof EventSource === 'undefined') return;
    let ticket: string;
    try {
      ticket = (await apiSend<{ ticket: string }>('POST', EVENTS_TICKET_PATH)).ticket;
    } catch {
      return later();
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket, ...(lastId && { lastEventId: lastId }) });
    const es = new EventSource(`${EVENTS_PATH}?${query}`);
    source = es;
    es.onmessage = (e: MessageEvent<string>) => {
      if (e.lastEventId) lastId = e.lastEventId;
      try {
        handlers.onChange(JSON.parse(e.data) as LiveEvent);
      } catch {
        handlers.onReload();
      }
    };
    es.addEventListener('reload', (e) => {
      lastId = (e as MessageEvent).lastEventId || lastId;
      handlers.onReload();
    });
    es.addEventListener('end', () => {
      es.close();
      source = null;
    });
    // A broken stream (the server restarted, the network moved): a ticket is used once, so ask another.
    es.onerror = () => {
      es.close();
      if (source === es) {
        source = null;
        later();
      }
    };
  }

  void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
    source = null;
  };
}
