import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Security headers; the content policy allows only this origin (MUI/emotion inject style tags). */
const policy = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for documents fetched with the token and shown in place (KYC review: images inline, PDFs in a frame).
      imgSrc: ["'self'", 'data:', 'https:', 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      upgradeInsecureRequests: null,
    },
  },
});

/** The headers helmet sets, read once: none of ours depends on the request (no nonces, no per-request directives). */
function headersOf(middleware: typeof policy): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown = null;
  middleware({ headers: {} } as IncomingMessage, res, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Every answer carries them. They are worked out once at start-up: building helmet's middleware on each request, as
 * @fastify/helmet does, cost about 2 % of the server's CPU per checkout (bench/checkout.ts with a CPU profile).
 */
export async function registerHelmet(app: FastifyInstance) {
  const headers = headersOf(policy);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
