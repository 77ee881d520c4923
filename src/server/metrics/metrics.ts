import type { FastifyInstance } from 'fastify';
import { timingSafeEqual, createHash } from 'node:crypto';
import { eq, min } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, DatabaseHandle } from '../db/database';
import { mailOutbox } from '../db/schema';
import { mailHealth } from '../mail/outbox';

/**
 * The shop's metrics in Prometheus's text format (prom-client), served at GET /metrics to a scraper
 * holding METRICS_TOKEN. Two registries: the process's (its memory, CPU and event loop, and the business
 * counters, which every use case in the process adds to), and each app's own (its requests, its
 * database pool, its mail outbox and its background jobs), merged when scraped.
 */

const processRegistry = new Registry();
let processMetricsStarted = false;

/** Orders stored, by how they were made and the state they start in; counted once committed. */
const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders stored, by the path that made them and the state they start in',
  labelNames: ['path', 'status', 'payment_method'] as const,
  registers: [processRegistry],
});

/** Card payments the provider confirmed and the shop settled, or refunded because the order had closed. */
const payments = new Counter({
  name: 'shop_payments_total',
  help: 'Card payments settled (paid) or refunded because the order closed before they arrived',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export type OrderPath = 'buy_form' | 'cart' | 'quote';

export function countOrderPlaced(path: OrderPath, order: { status: string; paymentMethod: string }): void {
  ordersPlaced.inc({ path, status: order.status, payment_method: order.paymentMethod });
}

export function countPayment(outcome: 'paid' | 'refunded_late'): void {
  payments.inc({ outcome });
}

/** A background job's runs, told by the scheduler (jobs/scheduler.ts). */
export interface JobObserver {
  scheduled(job: { name: string; everyMs: number }): void;
  finished(job: { name: string }, outcome: 'ok' | 'failed', seconds: number): void;
}

export interface AppMetrics {
  registry: Registry;
  jobs: JobObserver;
  /** Reports what an in-memory cache holds, as its own bound counts it (shop_cache_bytes). */
  watchCache(cache: string, bytes: () => number): void;
}

/** One app's metrics: its requests by route, its database pool, its mail outbox and its jobs. */
export function createAppMetrics(app: FastifyInstance, database: Pick<DatabaseHandle, 'db' | 'pool'>): AppMetrics {
  if (!processMetricsStarted) {
    processMetricsStarted = true;
    collectDefaultMetrics({ register: processRegistry });
  }
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route (its pattern) and status code',
    labelNames,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Requests answered with a 5xx status, by method and route',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // A route's pattern, never its path: ids in paths would make a series per order.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for one, max); absent on the embedded database',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = database.pool?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });

  const db: Database = database.db;
  new Gauge({
    name: 'mail_outbox_messages',
    help: 'Mails in the outbox waiting to be sent (pending) or given up on (failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      // The same counts /api/readyz answers.
      const health = await mailHealth(db);
      for (const status of ['pending', 'failed'] as const) this.set({ status }, health[status]);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'Age of the oldest mail still waiting to be sent (0 when none waits)',
    registers: [registry],
    async collect() {
      const [row] = await db
        .select({ oldest: min(mailOutbox.createdAt) })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      this.set(oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000));
    },
  });

  const schedule = new Map<string, { everyMs: number; lastFinished: number }>();
  const jobRuns = new Counter({
    name: 'shop_job_runs_total',
    help: 'Background job runs, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'shop_job_duration_seconds',
    help: 'How long a background job’s run took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'shop_job_lag_seconds',
    help: 'How far a background job is behind its schedule: time since its last finished run, less its interval',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const now = Date.now();
      for (const [job, { everyMs, lastFinished }] of schedule) {
        this.set({ job }, Math.max(0, (now - lastFinished - everyMs) / 1000));
      }
    },
  });
  const jobs: JobObserver = {
    scheduled: ({ name, everyMs }) => schedule.set(name, { everyMs, lastFinished: Date.now() }),
    finished: ({ name }, outcome, seconds) => {
      jobRuns.inc({ job: name, outcome });
      jobDuration.observe({ job: name }, seconds);
      const entry = schedule.get(name);
      if (entry && outcome === 'ok') entry.lastFinished = Date.now();
    },
  };
  const caches = new Map<string, () => number>();
  new Gauge({
    name: 'shop_cache_bytes',
    help: 'What each in-memory cache holds, in bytes as its own bound counts them',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      for (const [cache, bytes] of caches) this.set({ cache }, bytes());
    },
  });
  return {
    registry: Registry.merge([processRegistry, registry]),
    jobs,
    watchCache: (cache, bytes) => caches.set(cache, bytes),
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics: absent (404, like any unknown path) unless METRICS_TOKEN is set; then answered only to
 * `Authorization: Bearer <token>` (compared in constant time), 401 otherwise.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | null) {
  const expected = token ? digest(`Bearer ${token}`) : null;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!expected) {
      return reply.status(404).send({
        error: { code: 'NOT_FOUND', message: 'Metrics are off: set METRICS_TOKEN to serve them' },
      });
    }
    const given = request.headers.authorization ?? '';
    if (!timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.status(401).send({
        error: { code: 'UNAUTHENTICATED', message: 'Give the metrics token: Authorization: Bearer <token>' },
      });
    }
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
