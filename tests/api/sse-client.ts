/**
 * A small Server-Sent Events reader for tests and benchmarks: opens `GET /api/events` on its own connection, parses
 * each event (`id`, `event`, `data`) as it arrives and lets a test wait for one, with a time limit.
 */
import http from 'node:http';

export type SseEvent = { id: string | null; event: string; data: string; at: number };
export type Opened = { status: number; headers: http.IncomingHttpHeaders; body?: string };

export class SseStream {
  readonly events: SseEvent[] = [];
  ended = false;
  private waiters = new Set<() => void>();
  private buffer = '';
  private lastId: string | null = null;
  private constructor(private readonly req: http.ClientRequest) {}

  /** Opens the stream; a refusal resolves with its status and body and no stream. */
  static open(
    base: string,
    query: string,
    headers: Record<string, string> = {},
  ): Promise<{ opened: Opened; stream: SseStream | null }> {
    return new Promise((resolve, reject) => {
      const req = http.get(`${base}/api/events${query}`, { headers, agent: false }, (res) => {
        const opened: Opened = { status: res.statusCode ?? 0, headers: res.headers };
        if (opened.status !== 200) {
          let body = '';
          res.on('data', (d: Buffer) => (body += d));
          res.on('end', () => resolve({ opened: { ...opened, body }, stream: null }));
          return;
        }
        const stream = new SseStream(req);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => stream.take(chunk));
        res.on('close', () => stream.finish());
        resolve({ opened, stream });
      });
      req.on('error', reject);
    });
  }

  private take(chunk: string) {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      let event = 'message';
      const data: string[] = [];
      let sawField = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || line === '') continue;
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'id') this.lastId = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else continue;
        sawField = true;
      }
      if (sawField && data.length > 0)
        this.events.push({ id: this.lastId, event, data: data.join('\n'), at: Date.now() });
    }
    for (const w of this.waiters) w();
  }

  private finish() {
    this.ended = true;
    for (const w of this.waiters) w();
  }

  /** The changes received (`message` events), parsed. */
  changes(): { resource: string; id: string | null; change: string; at: number; eventId: string | null }[] {
    return this.events
      .filter((e) => e.event === 'message')
      .map((e) => ({
        ...(JSON.parse(e.data) as { resource: string; id: string | null; change: string }),
        at: e.at,
        eventId: e.id,
      }));
  }

  /** Resolves once `test` holds (checked at each arrival), or rejects after `ms`. */
  until(test: (s: SseStream) => boolean, ms = 5000, what = 'an event'): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (test(this)) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no ${what} within ${ms} ms; received: ${JSON.stringify(this.events.map((e) => e.data))}`));
      }, ms);
      this.waiters.add(check);
      check();
    });
  }

  /** Waits for a change of that resource (and id, when given). */
  change(resource: string, id?: string, ms?: number) {
    return this.until(
      (s) => s.changes().some((c) => c.resource === resource && (id === undefined || c.id === id)),
      ms,
      `${resource} ${id ?? ''} change`,
    );
  }

  close() {
    this.req.destroy();
  }
}

/** A ticket for the bearer token, then the stream opened with it. */
export async function openEvents(base: string, token: string, extra = ''): Promise<SseStream> {
  const res = await fetch(`${base}/api/events/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${await res.text()}`);
  const { ticket } = (await res.json()) as { ticket: string };
  const { opened, stream } = await SseStream.open(base, `?ticket=${encodeURIComponent(ticket)}${extra}`);
  if (!stream) throw new Error(`stream: ${opened.status} ${opened.body}`);
  return stream;
}
