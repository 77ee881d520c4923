import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedPicturesInUse } from '../catalog/products.repository';
import { auditLog } from '../db/schema';
import { removeUnusedPictures, storePicture, UNUSED_PICTURE_MS } from './store-picture';
import type { ErrorBody } from '../../shared/api/errors';
import type { UploadResult } from '../../shared/api/uploads.schemas';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { createTestApp } from '../test/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app, ctx.db);
});
afterAll(async () => {
  await ctx.app.close();
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

describe('POST /api/admin/uploads', () => {
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

describe('the uploads folder', () => {
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
    const small = await createTestApp({ env: { UPLOADS_QUOTA_MB: '0.01' } });
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
    try {
      const quota = 1024 * 1024;
      const used = await storePicture(dir, pngNumbered(10), quota);
      const unusedOld = await storePicture(dir, pngNumbered(11), quota);
      const unusedNew = await storePicture(dir, pngNumbered(12), quota);
      const dayAgo = (Date.now() - UNUSED_PICTURE_MS - 60_000) / 1000;
      for (const picture of [used, unusedOld]) utimesSync(join(dir, basename(picture.url)), dayAgo, dayAgo);
      await insertTool(ctx.db, { imageUrl: used.url });

      const removed = await removeUnusedPictures(dir, () => uploadedPicturesInUse(ctx.db));
      expect(removed).toBe(1);
      expect(readdirSync(dir).sort()).toEqual([basename(used.url), basename(unusedNew.url)].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
