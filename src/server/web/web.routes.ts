import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PUBLIC_PAGES } from '../../shared/page-routes';
import { countProducts, listProductIds } from '../records/products.repository';
import type { Database } from '../db/database';
import { apiNotFound } from '../http/error-handler';
import { BOOT_SCRIPT, BOOT_SCRIPT_PATH } from './page-document';
import { type PageRendererModule, createPageSender } from './pages';
import { SITEMAP_MAX_URLS, sitemapIndexXml, sitemapParts, sitemapXml } from './sitemap';
import { readHeroImage } from '../config/project-paths';
import { DOCUMENT_TYPES, PICTURE_TYPES } from '../../shared/api/uploads.schemas';
import type { BucketStore, PictureStore } from '../uploads/picture-store';
import { UPLOADED_NAME } from '../uploads/store-picture';

export interface WebOptions {
  /** The built single-page app (vite's output). */
  clientDir: string;
  /** Shop-owner images (content/images), served under /images. */
  imagesDir: string;
  /** Admins' uploaded product pictures (named by their content's hash), served under /uploads. */
  pictures: PictureStore;
  db: Database;
  publicUrl: string;
  shopName: string;
  /** ORDER_MIN_UNITS, for the product pages' smallest order and stock label. */
  minUnits: number;
  /** The most addresses one sitemap file lists (tests lower it). */
  sitemapMaxUrls?: number;
  /** The server renderer of the public pages (entry-server.tsx), loaded on the first page asked for. */
  loadPageRenderer: () => Promise<PageRendererModule | null>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * /uploads/<hash>.<ext> read from the bucket and sent on. Browsers and any CDN in front keep each
 * picture for good, so the bucket is asked once per picture per cache, not per page view.
 */
function registerBucketPictures(app: FastifyInstance, pictures: BucketStore) {
  app.get('/uploads/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (!UPLOADED_NAME.test(name)) return reply.callNotFound();
    const picture = await pictures.read(name);
    if (!picture) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).type(picture.type ?? pictureType(name));
    if (picture.bytes !== undefined) reply.header('content-length', picture.bytes);
    return reply.send(picture.body);
  });
}

/** The content type of an uploaded file, told by its name's extension (which the upload read from its bytes). */
function pictureType(name: string): string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const type = Object.entries({ ...PICTURE_TYPES, ...DOCUMENT_TYPES }).find(
    ([, known]) => known === extension,
  );
  return type?.[0] ?? 'application/octet-stream';
}

/**
 * Serves the built pages and the shop's images. Hashed assets are cached for good and sent pre-compressed;
 * any other path without a file extension answers the app, so reloading a deep link works.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  const { clientDir, imagesDir, pictures } = options;
  const indexFile = join(clientDir, 'index.html');
  const clientBuilt = existsSync(indexFile);
  const indexHtml = clientBuilt ? readFileSync(indexFile, 'utf8') : null;

  if (clientBuilt) {
    // One wildcard route that looks files up when asked: listing every file at start (wildcard: false)
    // cost a quarter of a second of start-up. A path with no file falls through to the handler below.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      preCompressed: true,
      // Source maps are built for the engineers, not served to the world.
      allowedPath: (path) => !/\.map(\.(br|gz))?$/.test(path),
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes(`${join('/', 'assets')}/`) ? IMMUTABLE : 'no-cache');
        // The same address answers brotli, gzip or plain bytes: a cache in between must keep them apart.
        res.setHeader('vary', 'accept-encoding');
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
  // A picture's name is its content's hash: the same address never shows another picture.
  if (pictures.kind === 'folder') {
    await app.register(fastifyStatic, {
      root: pictures.folder,
      prefix: '/uploads/',
      decorateReply: false,
      wildcard: true,
      allowedPath: (path) => UPLOADED_NAME.test(path.replace(/^\//, '')),
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('cache-control', IMMUTABLE);
      },
    });
  } else {
    registerBucketPictures(app, pictures);
  }

  registerSearchEngineRoutes(app, options);
  app.get(BOOT_SCRIPT_PATH, async (_request, reply) =>
    reply.header('cache-control', IMMUTABLE).type('text/javascript; charset=utf-8').send(BOOT_SCRIPT),
  );

  /** A page of the app; 404 (with the not-found page) for a path the app has no page for. */
  const sendPage = indexHtml
    ? createPageSender(app, {
        indexHtml,
        // The home page's largest picture is asked for with the HTML, not after the script has run (LCP).
        heroImage: readHeroImage(),
        loadRenderer: options.loadPageRenderer,
        publicUrl: options.publicUrl,
        shopName: options.shopName,
        floor: options.minUnits,
      })
    : (_request: FastifyRequest, reply: FastifyReply) => notBuilt(reply);
  // '/' is a page like the others, not the static folder's index.html as it is on disk.
  app.get('/', sendPage);

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return apiNotFound(request, reply);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (!isPage) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    // A path the app has no page for is a 404 all the same: the app shows its not-found page.
    return sendPage(request, reply);
  });
}

function notBuilt(reply: FastifyReply) {
  return reply
    .status(503)
    .type('text/plain; charset=utf-8')
    .send('The pages are not built yet: run `npm run build`, or `npm run dev` while developing.');
}

/** Sends `body` with an ETag of its content, or 304 when the browser has that version already. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache').type(type);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(body);
}

const SitemapParams = z.object({ file: z.string().regex(/^[1-9]\d{0,5}\.xml$/) });

/**
 * What search engines read besides the pages (DESIGN §9): a sitemap of every public page and product,
 * and robots.txt pointing at it.
 */
function registerSearchEngineRoutes(app: FastifyInstance, options: WebOptions) {
  const { db, publicUrl, sitemapMaxUrls = SITEMAP_MAX_URLS } = options;
  const absolute = (path: string) => new URL(path, publicUrl).toString();

  app.get('/robots.txt', async (request, reply) =>
    sendTagged(
      request,
      reply,
      'text/plain; charset=utf-8',
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /buyNow/\nDisallow: /invitations/\n\nSitemap: ${absolute('/sitemap.xml')}\n`,
    ),
  );

  // The public pages, then every product's; one file while they fit, else an index of parts.
  const urlsOf = async (offset: number, limit: number) => {
    const pages = PUBLIC_PAGES.map((page) => absolute(page));
    const fromPages = pages.slice(offset, offset + limit);
    const productOffset = Math.max(0, offset - pages.length);
    const ids = await listProductIds(db, productOffset, limit - fromPages.length);
    return [...fromPages, ...ids.map((id) => absolute(`/tools/${id}`))];
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const total = PUBLIC_PAGES.length + (await countProducts(db));
    const parts = sitemapParts(total, sitemapMaxUrls);
    const body =
      parts === 1
        ? sitemapXml(await urlsOf(0, sitemapMaxUrls))
        : sitemapIndexXml(Array.from({ length: parts }, (_, n) => absolute(`/sitemaps/${n + 1}.xml`)));
    return sendTagged(request, reply, 'application/xml; charset=utf-8', body);
  });

  app.get('/sitemaps/:file', async (request, reply) => {
    const file = SitemapParams.safeParse(request.params);
    if (!file.success) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const part = Number.parseInt(file.data.file, 10);
    const total = PUBLIC_PAGES.length + (await countProducts(db));
    if (part > sitemapParts(total, sitemapMaxUrls)) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const urls = await urlsOf((part - 1) * sitemapMaxUrls, sitemapMaxUrls);
    return sendTagged(request, reply, 'application/xml; charset=utf-8', sitemapXml(urls));
  });
}
