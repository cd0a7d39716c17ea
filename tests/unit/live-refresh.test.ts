/**
 * The admin's live refresh (providers/LiveUpdates.tsx): a change refetches what is on screen without cancelling a load
 * that runs, so a list whose load takes longer than the changes come apart still loads; and a load that was running
 * when the change came is followed by one more, so what is shown ends up after the change.
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshQueries } from '../../src/admin/providers/LiveUpdates.js';

const clients: QueryClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
});

/** A list on screen whose load takes `ms` and answers the server's version at the load's start. */
function listOnScreen(ms: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const server = { version: 0, started: 0, finished: 0 };
  const observer = new QueryObserver(client, {
    queryKey: ['orders', 'getList'],
    // As the data provider's fetch: a cancelled load is aborted and answers nothing.
    queryFn: async ({ signal }) => {
      server.started += 1;
      const read = server.version;
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
      server.finished += 1;
      return read;
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { client, server, observer, unsubscribe };
}

describe('refreshQueries', () => {
  it('a list keeps loading while changes come faster than its load, and shows the last change once they stop', async () => {
    const list = listOnScreen(60);
    // A change every 15 ms for 300 ms: cancelled at each, the load would never finish.
    for (let i = 0; i < 20; i++) {
      list.server.version += 1;
      void refreshQueries(list.client, ['orders']);
      await new Promise((r) => setTimeout(r, 15));
    }
    // Loads finished while the changes came: the list showed rows all along.
    expect(list.server.finished).toBeGreaterThan(1);
    expect(list.observer.getCurrentResult().data).toBeGreaterThan(0);
    await expect.poll(() => list.observer.getCurrentResult().data, { timeout: 2_000 }).toBe(20);
    expect(list.observer.getCurrentResult().status).toBe('success');
    // One load at a time, and not one per change.
    expect(list.server.started).toBeLessThan(20);
    list.unsubscribe();
  });

  it('a change during a load is followed by one more load, which reads it', async () => {
    const list = listOnScreen(40);
    await expect.poll(() => list.server.started).toBe(1);
    list.server.version = 7;
    await refreshQueries(list.client, ['orders']);
    expect(list.server.started).toBe(2);
    expect(list.observer.getCurrentResult().data).toBe(7);
    list.unsubscribe();
  });

  it('with no load running, one refetch', async () => {
    const list = listOnScreen(5);
    await expect.poll(() => list.observer.getCurrentResult().data).toBe(0);
    list.server.version = 3;
    await refreshQueries(list.client);
    expect(list.server.started).toBe(2);
    expect(list.observer.getCurrentResult().data).toBe(3);
    list.unsubscribe();
  });
});
