import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers; the content policy allows only this origin (MUI/emotion inject style tags). */
export async function registerHelmet(app: FastifyInstance) {
  await app.register(helmet, {
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
}
