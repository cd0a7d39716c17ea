import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import requestLog, { loggableUrl } from '../../server/plugins/request-log.js';
import type { LogFormat } from '../../server/lib/log.js';

/** An app with the request log at `level`, its log lines parsed as they are written. */
async function appLogging(format: LogFormat, level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }) });
  await app.register(requestLog, { format });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/missing', async (_req, reply) => reply.code(404).send({ error: 'no' }));
  app.get('/broken', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('the request log', () => {
  it('hides the values of secret-looking query parameters and keeps the rest', () => {
    expect(loggableUrl('/api/orders?page=2&q=lamp')).toBe('/api/orders?page=2&q=lamp');
    expect(loggableUrl('/confirm?token=abc123&next=%2Fshop')).toBe('/confirm?token=***&next=%2Fshop');
    expect(loggableUrl('/x?apiKey=k&code=123456&signature=s')).toBe('/x?apiKey=***&code=***&signature=***');
    expect(loggableUrl('/plain')).toBe('/plain');
  });

  it('JSON: one line per request with its id, method, address, status and milliseconds; a 500 at error', async () => {
    const { app, lines } = await appLogging('json');
    await app.inject({ url: '/ok?token=secret-value' });
    await app.inject({ url: '/missing' });
    await app.inject({ url: '/broken' });
    const requests = lines.filter((l) => 'statusCode' in l);
    expect(requests.map((l) => [l.method, l.url, l.statusCode, l.level])).toEqual([
      ['GET', '/ok?token=***', 200, 30],
      ['GET', '/missing', 404, 30],
      ['GET', '/broken', 500, 50],
    ]);
    for (const l of requests) {
      expect(l.reqId).toMatch(/\S/);
      expect(typeof l.ms).toBe('number');
      expect(l.msg).toBe(`${l.method} ${l.url} ${l.statusCode} ${l.ms} ms`);
    }
    expect(JSON.stringify(lines)).not.toContain('secret-value');
    await app.close();
  });

  it('at a terminal a quick success is a debug line, so that the banner stays in view; refusals and failures still show', async () => {
    const { app, lines } = await appLogging('pretty');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing' });
    expect(lines.filter((l) => 'statusCode' in l).map((l) => [l.url, l.statusCode])).toEqual([['/missing', 404]]);
    await app.close();
  });
});
