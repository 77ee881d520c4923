import { z } from 'zod';
import { DEFAULT_ORDER_MIN_UNITS } from '../../shared/domain/order-quantity';
import { DEFAULT_DATABASE_TIMEOUTS } from './database-timeouts';
import type { BucketConfig } from './bucket-config';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z
  .url({ error: 'expected a postgres:// connection URL' })
  .refine((url) => /^postgres(ql)?:\/\//.test(url), { error: 'expected a postgres:// connection URL' });

const httpUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

const timeoutMs = z.coerce
  .number({ error: 'expected a number of milliseconds' })
  .int({ error: 'expected a whole number of milliseconds' })
  .min(100, { error: 'expected at least 100 ms' })
  .max(600_000);

/** A background job's interval (src/server/jobs): seconds, 0 to turn it off on this instance. */
const everySeconds = z.coerce
  .number({ error: 'expected a number of seconds (0 turns the job off)' })
  .int({ error: 'expected a whole number of seconds' })
  .min(0)
  .max(7 * 86_400, { error: 'expected at most a week (604800 seconds)' });

const bothOrNeither = (a: unknown, b: unknown) => Boolean(a) === Boolean(b);

/** A bucket's key prefix: no leading slash, one trailing one (`uploads/`), or empty for the whole bucket. */
const keyPrefix = z
  .string()
  .regex(/^[A-Za-z0-9._/-]*$/, { error: 'expected letters, digits, . _ - and /' })
  .transform((prefix) => {
    const trimmed = prefix.replace(/^\/+|\/+$/g, '');
    return trimmed ? `${trimmed}/` : '';
  });

/**
 * S3_URL, `http(s)://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]`: an S3-compatible service addressed
 * by path (MinIO, Ceph, R2…). Keys in the address are URL-encoded.
 */
const s3Url = httpUrl.transform((value, context) => {
  const url = new URL(value);
  const [bucket, ...prefix] = url.pathname.split('/').filter(Boolean);
  if (!bucket) {
    context.issues.push({
      code: 'custom',
      input: value,
      message: 'expected the bucket as the path: http(s)://key:secret@host/bucket',
    });
    return z.NEVER;
  }
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return { endpoint: url.origin, bucket, prefix: prefix.join('/'), credentials };
});

/**
 * Every environment variable the server reads (DESIGN §6; `.env.example` documents each), and the
 * configuration the server runs with, which is this schema's output: one place to add a setting.
 */
export const ConfigSchema = z
  .object({
    PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    PUBLIC_URL: httpUrl.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: flag.default(true),
    TRUST_PROXY: z
      .string()
      .trim()
      .refine((value) => value !== 'true' && value !== 'yes', {
        error:
          'give the number of proxies in front of the shop (e.g. 1) or their addresses or networks (e.g. 10.0.0.0/8), not true: trusting every hop lets anyone forge X-Forwarded-For',
      })
      .transform((value): number | string[] | false =>
        value === 'false' || value === '0' || value === 'no' || value === ''
          ? false
          : /^\d+$/.test(value)
            ? Number(value)
            : value.split(',').map((part) => part.trim()),
      )
      .pipe(
        z.union([
          z.literal(false),
          z.number().int().min(1).max(10),
          z.array(
            z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
              error: 'expected an IP address or a network such as 10.0.0.0/8',
            }),
          ),
        ]),
      )
      .default(false),
    AUTH_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    ADMIN_EMAILS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ error: 'expected a comma-separated list of email addresses' })))
      .default([]),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
    MAIL_FROM: z.string().min(3).default('Forgeline Tools <no-reply@forgeline.example>'),
    ORDER_HOLD_HOURS: z.coerce
      .number({ error: 'expected a number of hours' })
      .positive()
      .max(24 * 90)
      .default(48),
    WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    PUNCHOUT_ALLOW_LOCAL: flag.default(false),
    WEBHOOK_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'expected a number of seconds' })
      .int({ error: 'expected a whole number of seconds' })
      .min(1)
      .max(30, { error: 'expected at most 30 seconds' })
      .default(10),
    RETURN_DAYS: z.coerce
      .number({ error: 'expected a number of days' })
      .int({ error: 'expected a whole number of days' })
      .min(0)
      .max(365 * 5)
      .default(30),
    UPLOADS_QUOTA_MB: z.coerce
      .number({ error: 'expected a number of megabytes' })
      .positive()
      .max(1_000_000)
      .default(500),
    ORDER_MIN_UNITS: z.coerce
      .number({ error: 'expected a whole number of units' })
      .int({ error: 'expected a whole number of units' })
      .min(1, { error: 'expected at least 1 unit' })
      .max(10_000_000)
      .default(DEFAULT_ORDER_MIN_UNITS),
    RATE_LIMIT_SCALE: z.coerce
      .number({ error: 'expected a number, e.g. 2 to allow twice as many requests' })
      .positive({ error: 'expected a number above 0' })
      .max(100_000)
      .default(1),
    MAX_UNPAID_ORDERS: z.coerce
      .number({ error: 'expected a whole number of orders' })
      .int({ error: 'expected a whole number of orders' })
      .min(1, { error: 'expected at least 1' })
      .max(1_000_000)
      .default(3),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: httpUrl.default('https://accounts.google.com/.well-known/openid-configuration'),
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', { error: 'expected a key starting with sk_' }).optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .startsWith('pk_', { error: 'expected a key starting with pk_' })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .startsWith('whsec_', { error: 'expected a secret starting with whsec_' })
      .optional(),
    STRIPE_API_URL: httpUrl.optional(),
    /** Read only to refuse the test provider in production by accident (libraries read it too). */
    NODE_ENV: z.string().optional(),
    PAYMENTS_TEST_MODE: flag.default(false),
    /**
     * 'test': new password hashes at the test suite's strength (~3 ms, not ~330 ms), for the browser
     * journeys' throw-away shop; refused anywhere a hash could outlive the process.
     */
    PASSWORD_HASHING: z.enum(['production', 'test']).optional(),
    DB_CONNECT_TIMEOUT_MS: timeoutMs.default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
    DB_STATEMENT_TIMEOUT_MS: timeoutMs.default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
    DB_LOCK_TIMEOUT_MS: timeoutMs.default(DEFAULT_DATABASE_TIMEOUTS.lockMs),
    ORDER_EXPIRY_EVERY_SECONDS: everySeconds.default(60),
    QUOTE_EXPIRY_EVERY_SECONDS: everySeconds.default(300),
    SESSION_CLEANUP_EVERY_SECONDS: everySeconds.default(3600),
    // Uploaded pictures in an S3-compatible bucket (every instance sees the same ones): S3_URL, or
    // S3_BUCKET with S3_ENDPOINT (unset for AWS S3 itself) and the AWS SDK's own credential variables.
    S3_URL: s3Url.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'expected a bucket name' })
      .optional(),
    S3_ENDPOINT: httpUrl.optional(),
    S3_PREFIX: keyPrefix.prefault('uploads'),
    S3_REGION: z.string().min(1).optional(),
    AWS_REGION: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flag.optional(),
    METRICS_TOKEN: z.string().min(16, { error: 'expected at least 16 characters' }).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  })
  .refine((env) => bothOrNeither(env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY), {
    path: ['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY'],
    error: 'set both to use Stripe, or neither',
  })
  .refine(
    (env) => env.NODE_ENV !== 'production' || Boolean(env.STRIPE_SECRET_KEY) || env.PAYMENTS_TEST_MODE,
    {
      path: ['STRIPE_SECRET_KEY'],
      error:
        'NODE_ENV is production but Stripe is not configured: anyone could pay with a test card. Set ' +
        'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or PAYMENTS_TEST_MODE=true to take test payments on purpose',
    },
  )
  .refine((env) => env.PASSWORD_HASHING !== 'test' || (env.DATA_DIR === 'memory://' && !env.DATABASE_URL), {
    path: ['PASSWORD_HASHING'],
    error:
      'test-strength password hashes are only for a throw-away database (DATA_DIR=memory:// and no DATABASE_URL): a stored one could be cracked',
  })
  .refine((env) => !(env.S3_URL && env.S3_BUCKET), {
    path: ['S3_URL and S3_BUCKET'],
    error: 'set one: S3_URL holds the bucket already',
  })
  .refine((env) => !env.S3_ENDPOINT || env.S3_BUCKET, {
    path: ['S3_ENDPOINT'],
    error: 'set S3_BUCKET too (or S3_URL alone)',
  })
  .refine((env) => bothOrNeither(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET), {
    path: ['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
    error: 'set both to enable Google sign-in, or neither',
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    /** PostgreSQL connection; undefined means the embedded PGlite database in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    databaseTimeouts: {
      connectMs: env.DB_CONNECT_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      lockMs: env.DB_LOCK_TIMEOUT_MS,
    },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    /**
     * Behind reverse proxies: how many hops, or which addresses, to trust in X-Forwarded-For (rate limits
     * count client addresses). The proxy must overwrite the header, not append to it.
     */
    trustProxy: env.TRUST_PROXY,
    /** Signs sessions; when unset, main.ts generates one and keeps it in DATA_DIR. */
    authSecret: env.AUTH_SECRET,
    /** Accounts with these emails become admin when they sign up or sign in. */
    adminEmails: env.ADMIN_EMAILS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /** How long an unpaid order keeps its stock reserved. */
    orderHoldHours: env.ORDER_HOLD_HOURS,
    /** Punchout return hosts on this machine (127.0.0.1, localhost) and plain http allowed: tests. */
    punchout: { allowLocal: env.PUNCHOUT_ALLOW_LOCAL },
    webhooks: {
      /**
       * Webhooks may go to private, loopback and link-local addresses over plain http (tests, a shop
       * whose ERP is on its own network); otherwise only to public https ones (DESIGN §11).
       */
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      /** The longest a receiver may take to answer one delivery. */
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
    },
    /** How many days after their shipment a buyer may return units. */
    returnDays: env.RETURN_DAYS,
    /** The most the uploaded pictures may take together; unused ones are removed after a day. */
    uploadsQuotaBytes: Math.round(env.UPLOADS_QUOTA_MB * 1024 * 1024),
    /** How often each background job runs on this instance, in ms (0: not here). */
    jobs: {
      orderExpiryMs: env.ORDER_EXPIRY_EVERY_SECONDS * 1000,
      quoteExpiryMs: env.QUOTE_EXPIRY_EVERY_SECONDS * 1000,
      sessionCleanupMs: env.SESSION_CLEANUP_EVERY_SECONDS * 1000,
    },
    /** GET /metrics answers only with this bearer token; unset, there is no /metrics (404). */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** Traces go to this OTLP/HTTP collector (OpenTelemetry); unset, none are made. */
    otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    /** The bucket the uploaded pictures go to; null keeps them in DATA_DIR/uploads. */
    pictureBucket: pictureBucket(env),
    /** The shop-wide smallest order; a product's own minimum may raise it (DESIGN §4). */
    orderMinUnits: env.ORDER_MIN_UNITS,
    /** Unpaid orders an account may hold at once (1 until its email is verified): no stock hoarding. */
    maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
    /** Multiplies every limit on the shop's own writes (subscribe, reviews, orders, payments, sign-up). */
    rateLimitScale: env.RATE_LIMIT_SCALE,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : null,
    /** No Stripe keys: the built-in test provider takes payments and no money moves (DESIGN §4). */
    paymentsTestMode: !env.STRIPE_SECRET_KEY,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            /** Another API address than Stripe's own (a stand-in for tests); normally unset. */
            apiUrl: env.STRIPE_API_URL,
          }
        : null,
  }));

export type AppConfig = z.output<typeof ConfigSchema>;

function pictureBucket(env: {
  S3_URL?: { endpoint: string; bucket: string; prefix: string; credentials?: BucketConfig['credentials'] };
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_PREFIX: string;
  S3_REGION?: string;
  AWS_REGION?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}): BucketConfig | null {
  const region = env.S3_REGION ?? env.AWS_REGION ?? 'us-east-1';
  if (env.S3_URL) {
    const { prefix } = env.S3_URL;
    return {
      ...env.S3_URL,
      prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : env.S3_PREFIX,
      region,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? true,
    };
  }
  if (!env.S3_BUCKET) return null;
  return {
    endpoint: env.S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX,
    region,
    // AWS itself addresses buckets by host name; most other services by path.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value stops the start with a message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  // An empty assignment in a .env file (`SMTP_URL=`) means "not set", not "set to nothing".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
}
