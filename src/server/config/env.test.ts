import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      google: null,
      stripe: null,
    });
  });

  it('names the variable whose value is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a port number/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: expected a postgres/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: expected true or false/);
  });

  it('reads the admin list and mail settings', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,',
      SMTP_URL: 'smtp://localhost:2525',
    });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.mail.smtpUrl).toBe('smtp://localhost:2525');
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss' })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(
      /AUTH_SECRET: expected at least 32 characters/,
    );
  });

  it('keeps pictures in DATA_DIR/uploads unless a bucket is given, by S3_URL or by its parts', () => {
    expect(loadConfig({}).pictureBucket).toBeNull();
    expect(
      loadConfig({ S3_URL: 'https://AKIA%2B1:s%2Fecret@minio.internal:9000/shop/pictures/' }).pictureBucket,
    ).toEqual({
      endpoint: 'https://minio.internal:9000',
      bucket: 'shop',
      prefix: 'pictures/',
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIA+1', secretAccessKey: 's/ecret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_URL: 'http://k:s@localhost:9000/shop' }).pictureBucket?.prefix).toBe('uploads/');
    // AWS S3 itself: the bucket by name, keys from the SDK's usual variables or role.
    expect(
      loadConfig({ S3_BUCKET: 'forgeline-pictures', AWS_REGION: 'eu-west-1', S3_PREFIX: '/a/b/' })
        .pictureBucket,
    ).toEqual({
      endpoint: undefined,
      bucket: 'forgeline-pictures',
      prefix: 'a/b/',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_URL: 'http://k:s@localhost:9000/' })).toThrow(/S3_URL: expected the bucket/);
    expect(() => loadConfig({ S3_URL: 'http://k:s@h/a', S3_BUCKET: 'b-b' })).toThrow(/S3_URL and S3_BUCKET/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_ENDPOINT: set S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: expected a bucket name/);
  });

  it('allows test-strength password hashes only on a throw-away in-memory database', () => {
    expect(() => loadConfig({ PASSWORD_HASHING: 'test', DATA_DIR: 'memory://' })).not.toThrow();
    expect(() => loadConfig({ PASSWORD_HASHING: 'test' })).toThrow(/PASSWORD_HASHING: test-strength/);
    expect(() =>
      loadConfig({ PASSWORD_HASHING: 'test', DATA_DIR: 'memory://', DATABASE_URL: 'postgres://h/db' }),
    ).toThrow(/PASSWORD_HASHING: test-strength/);
    expect(() => loadConfig({ PASSWORD_HASHING: 'weak' })).toThrow(/PASSWORD_HASHING/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('requires both halves of a key pair', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/set both to use Stripe/);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
    });
  });
});
