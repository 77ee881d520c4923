import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiNotFound } from '../http/error-handler';

export interface WebOptions {
  /** The built single-page app (vite's output). */
  clientDir: string;
  /** Shop-owner images (content/images), served under /images. */
  imagesDir: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built pages and the shop's images. Hashed assets are cached for good and sent pre-compressed;
 * any other path without a file extension answers the app, so reloading a deep link works.
 */
export async function registerWeb(app: FastifyInstance, { clientDir, imagesDir }: WebOptions) {
  const indexFile = join(clientDir, 'index.html');
  const clientBuilt = existsSync(indexFile);

  if (clientBuilt) {
    // One wildcard route that looks files up when asked: listing every file at start (wildcard: false)
    // cost a quarter of a second of start-up. A path with no file falls through to the handler below.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      preCompressed: true,
      // Source maps are built for the engineers, not served to the world.
      allowedPath: (path) => !path.endsWith('.map'),
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes(`${join('/', 'assets')}/`) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  await app.register(fastifyStatic, {
    root: imagesDir,
    prefix: '/images/',
    decorateReply: false,
    wildcard: true,
    maxAge: '1h',
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return apiNotFound(request, reply);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (!isPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if (!clientBuilt) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The pages are not built yet: run `npm run build`, or `npm run dev` while developing.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
