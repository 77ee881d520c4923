import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedPicturesInUse } from '../records/products.repository';
import { auditLog } from '../db/schema';
import { bucketStore, folderStore, type PictureStore } from './picture-store';
import { removeUnusedPictures, storeUpload, UNUSED_PICTURE_MS } from './store-picture';
import { LOCAL_S3_KEYS, startLocalS3 } from '../test/local-s3';
import type { ErrorBody } from '../../shared/api/errors';
import type { UploadResult } from '../../shared/api/uploads.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;
let s3: Awaited<ReturnType<typeof startLocalS3>>;

beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
});

// Real pictures, the smallest there are (a 1×1 PNG), and the signatures JPEG and WebP files start with.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40),
]);

function multipart(content: Buffer, { filename = 'photo.png', type = 'image/png', field = 'file' } = {}) {
  const boundary = '----toolshop-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
}

const upload = (user: TestUser | null, content: Buffer, options?: Parameters<typeof multipart>[1]) =>
  injectAs(ctx.app, user, { method: 'POST', url: '/api/admin/uploads', ...multipart(content, options) });

/** The shop's settings for each place pictures can be kept: the default folder, or the local bucket. */
const STORES = ['folder', 'bucket'] as const;
const storeEnv = (store: (typeof STORES)[number], prefix = ''): Record<string, string> =>
  store === 'bucket' ? { S3_URL: `${s3.url}${prefix}` } : {};

describe.each(STORES)('POST /api/admin/uploads, pictures kept in a %s', (store) => {
  beforeAll(async () => {
    ctx = await createTestApp({ env: storeEnv(store) });
    admin = await signUpAdmin(ctx.app, ctx.db);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it.each([
    ['PNG', png, 'png', 'image/png'],
    ['JPEG', jpeg, 'jpg', 'image/jpeg'],
    ['WebP', webp, 'webp', 'image/webp'],
  ])('keeps a %s picture and serves it with a long cache', async (_kind, content, extension, type) => {
    const response = await upload(admin, content);
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<UploadResult>();
    expect(url).toMatch(new RegExp(`^/uploads/[a-f0-9]{40}\\.${extension}$`));

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('the same picture twice is one file at one address', async () => {
    const first = (await upload(admin, png)).json<UploadResult>();
    const second = (await upload(admin, png, { filename: 'again.png' })).json<UploadResult>();
    expect(second.url).toBe(first.url);
  });

  it('tells the type by the content, not by the name or the header', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await upload(admin, svg, { filename: 'photo.png', type: 'image/png' });
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<ErrorBody>().error).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Pictures must be JPEG, PNG or WebP images',
    });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    expect((await upload(admin, gif)).json<ErrorBody>().error.message).toBe(
      'Pictures must be JPEG, PNG or WebP images (this file is image/gif)',
    );
  });

  it('refuses a picture over 2 MB, and an empty one', async () => {
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(admin, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json<ErrorBody>().error).toEqual({
      code: 'TOO_LARGE',
      message: 'A picture may be at most 2 MB',
    });
    const exactlyTwo = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length)]);
    expect((await upload(admin, exactlyTwo)).statusCode).toBe(201);

    const empty = await upload(admin, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.message).toBe('The picture file is empty');
  });

  it('wants one file, sent as multipart', async () => {
    const json = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/uploads',
      payload: { url: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<ErrorBody>().error.message).toContain('multipart/form-data');
  });

  it('is for admins only', async () => {
    const customer = await signUp(ctx.app);
    expect((await upload(customer, png)).statusCode).toBe(403);
    expect((await upload(null, png)).statusCode).toBe(401);
  });

  it('an uploaded picture becomes a product image (and any seeded one can still be edited)', async () => {
    const { url } = (await upload(admin, png)).json<UploadResult>();
    const tool = await insertTool(ctx.db, { imageUrl: '/images/tools/claw-hammer.svg' });
    const edited = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { img: url },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const reverted = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${tool.id}`,
      payload: { img: '/images/tools/claw-hammer.svg', name: 'Renamed' },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
  });

  it('serves nothing but uploaded pictures under /uploads', async () => {
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/notes.txt']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

/** A PNG of its own content: the 1×1 picture with `n` in a trailing chunk-free tail (file-type reads the head). */
const pngNumbered = (n: number, bytes = 0) =>
  Buffer.concat([png, Buffer.from(`#${n}#`), Buffer.alloc(bytes)]);

describe.each(STORES)('the uploaded pictures, kept in a %s', (store) => {
  beforeAll(async () => {
    ctx = await createTestApp({ env: storeEnv(store, '/audit') });
    admin = await signUpAdmin(ctx.app, ctx.db);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  it('records each new picture in the audit log, with who uploaded it', async () => {
    const response = await upload(admin, pngNumbered(1));
    const { url } = response.json<UploadResult>();
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.subject, url));
    expect(entries).toMatchObject([{ action: 'upload.add', actorEmail: admin.email }]);
    // The same picture again is the same file: nothing new to record.
    await upload(admin, pngNumbered(1));
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.subject, url))).toHaveLength(1);
  });

  it('refuses a picture past the quota, and takes the same picture again', async () => {
    const small = await createTestApp({ env: { UPLOADS_QUOTA_MB: '0.01', ...storeEnv(store, '/quota') } });
    try {
      const owner = await signUpAdmin(small.app, small.db);
      const send = (content: Buffer) =>
        injectAs(small.app, owner, { method: 'POST', url: '/api/admin/uploads', ...multipart(content) });
      expect((await send(pngNumbered(2, 6000))).statusCode).toBe(201);
      const full = await send(pngNumbered(3, 6000));
      expect(full.statusCode).toBe(413);
      expect(full.json<ErrorBody>().error.message).toMatch(
        /^The picture storage is full \(0\.01 MB in all\)/,
      );
      expect((await send(pngNumbered(2, 6000))).statusCode).toBe(201);
    } finally {
      await small.app.close();
    }
  });

  it('removes pictures no product shows once they are a day old, and keeps the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshop-unused-'));
    const pictures: PictureStore =
      store === 'bucket'
        ? await bucketStore({
            endpoint: s3.endpoint,
            bucket: s3.bucket,
            prefix: 'cleaning/',
            region: 'us-east-1',
            credentials: LOCAL_S3_KEYS,
            forcePathStyle: true,
          })
        : folderStore(dir);
    try {
      const quota = 1024 * 1024;
      const used = await storeUpload(pictures, pngNumbered(10), quota, 'picture');
      const unused = await storeUpload(pictures, pngNumbered(11), quota, 'picture');
      await insertTool(ctx.db, { imageUrl: used.url });
      const inUse = () => uploadedPicturesInUse(ctx.db);
      const names = async () => (await pictures.list()).map((picture) => picture.name).sort();

      // Uploaded moments ago: the product form that will show it may still be open.
      expect(await removeUnusedPictures(pictures, inUse)).toBe(0);
      const dayLater = Date.now() + UNUSED_PICTURE_MS + 60_000;
      expect(await removeUnusedPictures(pictures, inUse, dayLater)).toBe(1);
      expect(await names()).toEqual([basename(used.url)]);
      expect(await names()).not.toContain(basename(unused.url));
    } finally {
      if (pictures.kind === 'bucket') pictures.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pictures in a bucket that several instances share', () => {
  it('a picture uploaded through one instance is served by another, from the bucket', async () => {
    const first = await createTestApp({ env: { S3_URL: `${s3.url}/shared` } });
    const second = await createTestApp({ env: { S3_URL: `${s3.url}/shared` } });
    try {
      const owner = await signUpAdmin(first.app, first.db);
      const content = pngNumbered(20, 1000);
      const sent = await injectAs(first.app, owner, {
        method: 'POST',
        url: '/api/admin/uploads',
        ...multipart(content),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { url } = sent.json<UploadResult>();
      const served = await second.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(content)).toBe(true);
      // Kept under its prefix, named by its content, in the bucket itself.
      const bucket = await fetch(`${s3.endpoint}/${s3.bucket}/shared/${basename(url)}`);
      expect(bucket.status).toBe(200);
      expect(Buffer.from(await bucket.arrayBuffer()).equals(content)).toBe(true);
      for (const missing of ['/uploads/0000000000000000000000000000000000000000.png', '/uploads/x.txt']) {
        expect((await second.app.inject({ method: 'GET', url: missing })).statusCode).toBe(404);
      }
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });

  it('while the bucket is down, uploads and pictures answer 503 and readiness says so; then all is back', async () => {
    const shop = await createTestApp({ env: { S3_URL: `${s3.url}/outage` } });
    try {
      const owner = await signUpAdmin(shop.app, shop.db);
      const send = (content: Buffer) =>
        injectAs(shop.app, owner, { method: 'POST', url: '/api/admin/uploads', ...multipart(content) });
      const { url } = (await send(pngNumbered(30))).json<UploadResult>();

      await s3.stop();
      try {
        const refused = await send(pngNumbered(31));
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBeDefined();
        expect(refused.json<ErrorBody>().error).toEqual({
          code: 'UNAVAILABLE',
          message:
            'The picture storage does not answer right now. Nothing was changed; please try again in a moment.',
        });
        expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(503);
        const ready = await shop.app.inject({ method: 'GET', url: '/api/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ database: 'ok', storage: 'unwritable' });
        expect(await shop.db.select().from(auditLog).where(eq(auditLog.action, 'upload.add'))).toHaveLength(
          1,
        );
      } finally {
        await s3.start();
      }
      expect((await send(pngNumbered(31))).statusCode).toBe(201);
      expect((await shop.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect((await shop.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode).toBe(200);
    } finally {
      await shop.app.close();
    }
  });
});
