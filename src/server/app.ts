import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { auditRoutes } from './audit/audit.routes';
import { createAuth } from './auth/auth';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { authRoutes } from './auth/auth.routes';
import { createAuthGuards } from './auth/session';
import { startMemberships } from './identity/memberships';
import { adminCatalogRoutes } from './catalog/admin-catalog.routes';
import { createCatalogCaches } from './catalog/catalog-cache';
import { catalogRoutes } from './catalog/catalog.routes';
import type { AppConfig } from './config/env';
import type { DatabaseHandle } from './db/database';
import { apiNotFound, registerErrorHandling } from './http/error-handler';
import { registerSameOriginCheck } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { startCatalogChanges } from './catalog/catalog-changes';
import { logSerializers, REDACT_PATHS } from './http/log-safety';
import { startMailWorker } from './mail/mail-worker';
import { type WebhookWorker, startWebhookWorker } from './webhooks/webhook-worker';
import { webhookSender } from './webhooks/send-webhook';
import { policyOf } from './webhooks/webhook-address';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { punchoutRoutes } from './punchout/punchout.routes';
import { createMailTransport, type Mail } from './mail/mailer';
import { registerRateLimits } from './http/rate-limit';
import { trackUnfinishedRequests } from './http/unfinished-requests';
import type { MailContext } from './mail/mail-layout';
import { queueMail } from './mail/outbox';
import { makeOrderAttachments } from './billing/e-invoice';
import { placedOrderOf } from './orders/storage/orders.repository';
import { quotesRoutes } from './quotes/quotes.routes';
import { companiesRoutes } from './companies/companies.routes';
import { revokeInvitationsSentBy } from './companies/companies';
import { revokeKeysMadeBy } from './companies/api-keys';
import { listsRoutes } from './lists/lists.routes';
import { priceListsRoutes } from './price-lists/price-lists.routes';
import { creditRoutes } from './credit/credit.routes';
import { taxRoutes } from './tax/tax.routes';
import { certificatesRoutes } from './tax/certificates.routes';
import { type ShopDetails, readShopDetails } from './config/shop-details';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { AFTER_START_MS } from './config/time-limits';
import { projectPaths, readShopName } from './config/project-paths';
import { adminOrdersRoutes } from './orders/admin-orders.routes';
import { paymentsRoutes } from './orders/payments.routes';
import { choosePaymentProvider } from './payments/choose-provider';
import { returnsRoutes } from './orders/returns.routes';
import { ordersRoutes } from './orders/orders.routes';
import { cartRoutes } from './orders/cart.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { systemRoutes } from './system/system.routes';
import { bucketStore, folderStore, type PictureStore } from './uploads/picture-store';
import { scheduleJobs } from './jobs/scheduler';
import { serveBackups } from './db/backup';
import { createAppMetrics, registerMetricsRoute } from './metrics/metrics';
import { shopJobs } from './jobs/shop-jobs';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';
import type { PageRendererModule } from './web/pages';
import { registerWeb } from './web/web.routes';

export interface AppDependencies {
  config: AppConfig;
  /** Signs sessions: AUTH_SECRET, or the one main.ts generated and keeps in DATA_DIR. */
  authSecret: string;
  /** Owned by the app from here on: closing the app closes it. */
  database: DatabaseHandle;
  /** Log level and, in tests, where the lines go; false logs nothing. */
  logger?: { level: string; stream?: DestinationStream } | false;
  clientDir?: string;
  /** Told of every route as it is declared (the authorization matrix test checks it covers them all). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Whether the background jobs run (src/server/jobs); tests turn them off and run each directly. */
  backgroundJobs?: boolean;
  /**
   * How long cached catalog answers are reused (see catalog-cache.ts); tests use 0. By default 30 s:
   * this process's own writes update or drop answers at once, other instances' on PostgreSQL arrive by
   * LISTEN/NOTIFY, and the embedded database has no other writer (its folder is locked to this process;
   * a restore needs the shop stopped).
   */
  catalogCacheMs?: number;
  /** The mail worker's first retry delay (it doubles each time); tests shorten it. */
  mailRetryMs?: number;
  /** The webhook worker's first retry delay (it doubles each time) and how often it looks; tests shorten them. */
  webhookRetryMs?: number;
  webhookPollMs?: number;
  /**
   * Where admins' product pictures are kept: DATA_DIR/uploads, or with DATA_DIR=memory:// a temporary
   * folder removed when the app closes.
   */
  uploadsDir?: string;
  /**
   * The longest a client may take to send a whole request, body included, before it is answered 408
   * and its connection closed (a silent client must not hold a connection, or a shutdown, for ever).
   */
  requestTimeoutMs?: number;
  /** The most addresses one sitemap file lists (50,000; tests lower it to see the index). */
  sitemapMaxUrls?: number;
  /**
   * The business's details (its premises, registrations, bank account): content/business.json by
   * default. Tests of a shop set up otherwise (stock in the EU) give their own.
   */
  shop?: ShopDetails;
  /**
   * Loads the server renderer of the public pages: by default the built one (dist/ssr), or none when
   * it is not built (the pages then render in the browser). Tests load it from the source.
   */
  loadPageRenderer?: () => Promise<PageRendererModule | null>;
}

/**
 * The longest GET /api/review's answers are kept (never longer than the catalog's). Unlike the
 * catalog's, review changes are not announced to other instances: this bounds how late theirs show.
 */
const REVIEWS_CACHE_MAX_MS = 2000;

const loadBuiltPageRenderer = async (): Promise<PageRendererModule | null> =>
  existsSync(projectPaths.pageRenderer)
    ? ((await import(pathToFileURL(projectPaths.pageRenderer).href)) as PageRendererModule)
    : null;

/**
 * The API's named schemas (`.meta({ id })` in src/shared/api) as the server's own modules registered them,
 * for the OpenAPI document. Zod keeps its global registry on globalThis, shared by every copy of zod in
 * the process, and the page renderer (dist/ssr) bundles its own copy of the schemas its pages use: the
 * first page rendered re-registered their ids to that copy's schemas, and GET /api/docs then met two
 * "Tool"s (500, `Duplicate schema id`). Taken when this module runs, after the routes' modules (imported
 * above) and before any renderer can load; the other metadata is still read from the global registry.
 */
const apiSchemas = Object.assign(z.registry<z.core.GlobalMeta>(), {
  _map: z.globalRegistry._map,
  _idmap: new Map(z.globalRegistry._idmap),
});

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
// Fastify's types describe Ajv's compilers; at run time it takes any schema compiler.
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the whole application from its dependencies; main.ts starts it, tests inject into it. */
export async function buildApp({
  config,
  authSecret,
  database,
  logger = false,
  clientDir = projectPaths.client,
  catalogCacheMs = 30_000,
  backgroundJobs = true,
  requestTimeoutMs = 30_000,
  mailRetryMs,
  webhookRetryMs,
  webhookPollMs,
  onRoute,
  uploadsDir: givenUploadsDir,
  sitemapMaxUrls,
  loadPageRenderer = loadBuiltPageRenderer,
  shop = readShopDetails(),
}: AppDependencies) {
  const app = Fastify({
    logger: logger && { ...logger, redact: REDACT_PATHS, serializers: logSerializers },
    // Every schema is zod's: given here, Fastify never loads Ajv and fast-json-stringify (about 0.1 s
    // of the start) only to replace them.
    schemaController: { compilersFactory: zodCompilers },
    // Node checks the request timeout every connectionsCheckingInterval (30 s by default), which would
    // let a silent client keep a connection up to twice the timeout.
    requestTimeout: requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(1000, requestTimeoutMs),
      // Node checks the headers' deadline first and the whole request's only within it.
      headersTimeout: Math.min(60_000, requestTimeoutMs),
    },
    // A hop count trusts that many proxies nearest to us, and never what the client wrote further back.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  // Background work stops (in the order it started) before the database it uses closes.
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onClose', async () => {
    for (const stop of stops.reverse()) await stop();
    await database.close();
  });
  registerErrorHandling(app, { stillAnswering: () => database.stillAnswering() });
  const metrics = createAppMetrics(app, database);
  registerMetricsRoute(app, metrics, config.metricsToken);
  if (config.otlpEndpoint) {
    const { registerTracing } = await import('./metrics/tracing');
    const tracing = await registerTracing(app, {
      endpoint: config.otlpEndpoint,
      serviceName: process.env.OTEL_SERVICE_NAME ?? 'toolshop',
    });
    // Closed last (stops run in reverse): the spans of the shutdown's own last requests are sent too.
    stops.unshift(tracing.shutdown);
  }
  trackUnfinishedRequests(app);
  registerSameOriginCheck(app, config.publicUrl);
  await registerRateLimits(app, database.db, config.rateLimitScale);
  // API answers are private unless a route says otherwise (the catalog's are public and revalidated):
  // orders, accounts and sessions must never sit in a browser's or a proxy's cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const https = config.publicUrl.startsWith('https://');
  const stripeOrigins = config.stripe
    ? {
        script: ['https://js.stripe.com'],
        connect: ['https://api.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      }
    : { script: [], connect: [], frame: [] };
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card fields load from Stripe only when Stripe is configured.
        scriptSrc: ["'self'", ...stripeOrigins.script],
        styleSrc: ["'self'"],
        // Product and reviewer pictures may be given as any https URL.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeOrigins.connect],
        frameSrc: stripeOrigins.frame.length > 0 ? stripeOrigins.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Pictures from other sites must still load on our pages.
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: https,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tool shop API',
        version: '1.0.0',
        description:
          'Storefront API for bulk tool sales. Errors answer {error: {code, message}}. A signed-in person calls it with the session cookie; a company’s own systems with an API key (`Authorization: Bearer fl_…`, made on the Company page), within its scopes: catalog:read, orders:read, orders:write.',
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'fl_ followed by 43 base64url characters',
            description:
              'A company’s API key: acts as the company in the name of the colleague who made it, within its scopes (catalog:read, orders:read, orders:write) and never beyond that colleague’s current role; it stops when they leave the company.',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: apiSchemas }),
    transformObject: createJsonSchemaTransformObject({ schemaRegistry: apiSchemas }),
  });

  const { db } = database;
  const shopName = readShopName();
  const pictures = await pictureStore(config, givenUploadsDir, stops);
  const mailTransport = createMailTransport({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: config.dataDir.startsWith('memory://') ? undefined : join(config.dataDir, 'outbox'),
    log: app.log,
  });
  let mailWorker: ReturnType<typeof startMailWorker> | undefined;
  let webhookWorker: WebhookWorker | undefined;
  const webhookPolicy = policyOf(config.webhooks.allowPrivate);
  const mail: MailContext = {
    shop,
    publicUrl: config.publicUrl,
    nudge: () => mailWorker?.nudge(),
  };
  const queueAndNudge = async (accountMail: Mail) => {
    await queueMail(db, accountMail);
    mail.nudge();
  };
  const auth = createAuth({
    config,
    log: app.log,
    db,
    databaseKind: database.kind,
    secret: authSecret,
    shopName,
    queueMail: queueAndNudge,
  });
  const memberships = startMemberships(database, (error, message) => app.log.warn({ err: error }, message));
  stops.push(() => memberships.stop());
  const guards = createAuthGuards(auth, db, {
    stillAnswering: () => database.stillAnswering(),
    memberships,
  });
  const { provider: paymentProvider, testProvider } = await choosePaymentProvider(config, db);
  app.decorateRequest('user', null);
  // Only instances sharing a PostgreSQL tell each other; the embedded database has one.
  const catalogChanges =
    database.kind === 'postgres'
      ? startCatalogChanges({
          database,
          onPeerChange: (change) => catalogCache.peerChanged(change),
          log: app.log,
        })
      : null;
  if (catalogChanges) stops.push(() => catalogChanges.stop());
  const { catalogCache, buyerCache } = createCatalogCaches({
    maxAgeMs: catalogCacheMs,
    onChange: catalogChanges ? (change) => catalogChanges.publish(change) : undefined,
  });
  metrics.watchCache('catalog', () => catalogCache.bytes);
  metrics.watchCache('contract_catalog', () => buyerCache.bytes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes, {
        db,
        catalogCache,
        buyerCache,
        guards,
        minUnits: config.orderMinUnits,
      });
      await api.register(reviewsRoutes, {
        db,
        guards,
        cacheMs: Math.min(catalogCacheMs, REVIEWS_CACHE_MAX_MS),
      });
      await api.register(ordersRoutes, {
        db,
        catalogCache,
        provider: paymentProvider,
        guards,
        holdHours: config.orderHoldHours,
        minUnits: config.orderMinUnits,
        maxUnpaid: config.maxUnpaidOrders,
        mail,
      });
      await api.register(cartRoutes, {
        db,
        catalogCache,
        guards,
        holdHours: config.orderHoldHours,
        minUnits: config.orderMinUnits,
        maxUnpaid: config.maxUnpaidOrders,
        mail,
      });
      await api.register(quotesRoutes, {
        db,
        catalogCache,
        guards,
        mail,
        holdHours: config.orderHoldHours,
        minUnits: config.orderMinUnits,
        maxUnpaid: config.maxUnpaidOrders,
      });
      await api.register(companiesRoutes, { db, guards, mail, memberships });
      await api.register(creditRoutes, { db, guards, mail });
      await api.register(taxRoutes, { db, guards });
      await api.register(certificatesRoutes, { db, guards, mail });
      await api.register(listsRoutes, { db, guards, minUnits: config.orderMinUnits });
      await api.register(priceListsRoutes, { db, guards, catalogCache });
      await api.register(newsletterRoutes, { db });
      await api.register(adminCatalogRoutes, { db, catalogCache, guards, minUnits: config.orderMinUnits });
      await api.register(adminOrdersRoutes, {
        db,
        guards,
        mail,
        catalogCache,
        holdHours: config.orderHoldHours,
        provider: paymentProvider,
      });
      await api.register(returnsRoutes, {
        db,
        guards,
        mail,
        catalogCache,
        provider: paymentProvider,
        returnDays: config.returnDays,
      });
      await api.register(paymentsRoutes, {
        db,
        provider: paymentProvider,
        testProvider,
        guards,
        mail,
        catalogCache,
      });
      await api.register(systemRoutes, {
        config,
        db,
        writableDirs: database.url || config.dataDir.startsWith('memory://') ? [] : [config.dataDir],
        pictures,
        stillAnswering: () => database.stillAnswering(),
      });
      // A deleted account's open invitations and API keys go with it (users/ knows nothing of companies).
      await api.register(usersRoutes, {
        db,
        guards,
        onDeleting: async (tx, actor, account) => {
          await revokeInvitationsSentBy(tx, actor, account);
          await revokeKeysMadeBy(tx, actor, account);
        },
      });
      await api.register(auditRoutes, { db, guards });
      await api.register(webhooksRoutes, {
        db,
        guards,
        policy: webhookPolicy,
        nudge: () => webhookWorker?.nudge(),
      });
      await api.register(uploadsRoutes, { db, guards, pictures, quotaBytes: config.uploadsQuotaBytes });
      await api.register(dashboardRoutes, { db, guards, minUnits: config.orderMinUnits });
      await api.register(authRoutes, {
        auth,
        publicUrl: config.publicUrl,
        db,
        shopName,
        queueMail: queueAndNudge,
      });
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      api.setNotFoundHandler(apiNotFound);
    },
    { prefix: '/api' },
  );

  await app.register(punchoutRoutes, {
    db,
    guards,
    mail,
    catalogCache,
    provider: paymentProvider,
    holdHours: config.orderHoldHours,
    minUnits: config.orderMinUnits,
    maxUnpaid: config.maxUnpaidOrders,
    policy: config.punchout,
    authSecret,
    stillAnswering: () => database.stillAnswering(),
  });

  await registerWeb(app, {
    clientDir,
    imagesDir: projectPaths.images,
    pictures,
    db,
    publicUrl: config.publicUrl,
    shopName,
    minUnits: config.orderMinUnits,
    sitemapMaxUrls,
    loadPageRenderer,
  });

  // better-auth (about 0.4 s of loading in the server's one thread) loads with the background work,
  // after the start's first answers; a request that needs it sooner waits for it.
  app.addHook('onListen', async () => {
    const loadAuth = setTimeout(() => {
      auth.load().catch((error: unknown) => app.log.error({ err: error }, 'better-auth could not load'));
    }, AFTER_START_MS);
    loadAuth.unref();
    stops.push(async () => clearTimeout(loadAuth));
  });
  app.addHook('onReady', async () => {
    await Promise.all([catalogChanges?.ready, memberships.ready]);
    const stopBackups = await serveBackups(database, config.dataDir, (message) => app.log.warn(message));
    if (stopBackups) stops.push(stopBackups);
    const worker = startMailWorker({
      db,
      transport: mailTransport,
      log: app.log,
      retryBaseMs: mailRetryMs,
      makeAttachments: (refs) => makeOrderAttachments(db, mail.shop, refs, placedOrderOf),
    });
    mailWorker = worker;
    stops.push(() => worker.stop());
    const webhooks = startWebhookWorker({
      db,
      sender: webhookSender(webhookPolicy, config.webhooks.timeoutMs),
      log: app.log,
      timeoutMs: config.webhooks.timeoutMs,
      retryBaseMs: webhookRetryMs,
      pollMs: webhookPollMs,
    });
    webhookWorker = webhooks;
    stops.push(() => webhooks.stop());
    if (backgroundJobs) {
      const jobs = shopJobs(config.jobs, {
        db,
        catalogCache,
        provider: paymentProvider,
        mail,
        log: app.log,
        pictures,
      });
      stops.push(scheduleJobs(jobs, app.log, metrics.jobs));
    }
  });
  return app;
}

/**
 * Where uploaded pictures go: the configured bucket, else the given folder, else DATA_DIR/uploads
 * (made when missing), or a throw-away folder for an in-memory shop.
 */
async function pictureStore(
  config: AppConfig,
  givenDir: string | undefined,
  stops: (() => Promise<void>)[],
): Promise<PictureStore> {
  if (config.pictureBucket) {
    const bucket = await bucketStore(config.pictureBucket);
    stops.push(async () => bucket.close());
    return bucket;
  }
  return folderStore(givenDir ?? (await uploadsFolder(config.dataDir, stops)));
}

/** DATA_DIR/uploads, made when missing; a throw-away folder for an in-memory shop. */
async function uploadsFolder(dataDir: string, stops: (() => Promise<void>)[]): Promise<string> {
  if (!dataDir.startsWith('memory://')) {
    const dir = resolve(dataDir, 'uploads');
    await mkdir(dir, { recursive: true });
    return dir;
  }
  const dir = await mkdtemp(join(tmpdir(), 'toolshop-uploads-'));
  stops.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
