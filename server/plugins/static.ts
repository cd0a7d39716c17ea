import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built browser apps, when `dir` holds a build (the errors plugin answers other GETs with index.html). */
export const hasBuild = (dir: string | undefined): dir is string =>
  !!dir && fs.existsSync(path.join(dir, 'index.html'));

/**
 * The build: brotli or gzip copies (written by the build) to browsers that accept them; files under assets/ have the
 * hash of their content in their names, so they are kept a year, while the HTML is asked for again every time.
 */
export async function registerStatic(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: false,
    prefix: '/',
    preCompressed: true,
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        file.startsWith(path.join(root, 'assets') + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
}

/**
 * Uploaded files under /uploads/: their names are generated and never reused, so browsers may keep them a year.
 * The `private` folder (personal documents) is never served here: it answers 404 like a missing file. What is served
 * is public (product images, tokenised products' documents): other sites may show it (a wallet shows a token's image),
 * so its Cross-Origin-Resource-Policy is cross-origin rather than helmet's same-origin.
 */
export async function registerUploads(app: FastifyInstance, root: string, privateFolder: string) {
  fs.mkdirSync(root, { recursive: true });
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/uploads/') && reply.statusCode < 300)
      reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  const hidden = (pathName: string) => {
    const first = decodeURIComponent(pathName)
      .replace(/\\/g, '/')
      .split('/')
      .filter((s) => s && s !== '.')[0];
    return first?.toLowerCase() === privateFolder.toLowerCase();
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathName) => {
      try {
        return !hidden(pathName);
      } catch {
        return false;
      }
    },
  });
}
