/** The stream's wire form (Server-Sent Events): each change a `message` event with its id, and the control events. */
import type { LiveEvent } from '../../../src/common/events.js';

export const sseChange = (id: string, event: LiveEvent) => `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;

/** Changes were missed: every screen looks again. Carries the id to resume from. */
export const sseReload = (id: string) => `id: ${id}\nevent: reload\ndata: {}\n\n`;

/** The session ended (logout, suspension, expiry): the stream closes after it, and the page does not reopen it. */
export const SSE_END = 'event: end\ndata: {}\n\n';

/** A comment line: keeps a proxy from timing the stream out, and is ignored by the EventSource. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';

/** The first bytes: tells the browser to wait 3 s before reconnecting by itself, and flushes the headers at once. */
export const SSE_OPEN = 'retry: 3000\n: open\n\n';
