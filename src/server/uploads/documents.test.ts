import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/api/catalog.schemas';
import type { ErrorBody } from '../../shared/api/errors';
import type { FamilyCreated } from '../../shared/api/families.schemas';
import type { UploadResult } from '../../shared/api/uploads.schemas';
import { uploadedPicturesInUse } from '../records/products.repository';
import { type TestUser, injectAs, signUp, signUpAdmin } from '../test/auth-helpers';
import { insertTool } from '../test/factories';
import { startLocalS3 } from '../test/local-s3';
import { createTestApp } from '../test/test-app';
import { folderStore } from './picture-store';
import { UNUSED_PICTURE_MS, removeUnusedPictures, storeUpload } from './store-picture';

/**
 * Product documents (DESIGN §11): datasheets, safety data sheets and manuals, PDFs an admin uploads
 * (checked by their content, kept as pictures are, in the folder or the bucket) and lists on a product
 * or a family; each variant's page lists its own, then its family's.
 */

let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
});

/** A real PDF, as a manufacturer's datasheet is: pdfkit's, with a line of text. */
async function pdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.text(text);
  doc.end();
  return done;
}

function multipart(content: Buffer, filename: string, type: string) {
  const boundary = '----toolshop-documents';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(['folder', 'bucket'] as const)('documents kept in a %s', (store) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp({ env: store === 'bucket' ? { S3_URL: `${s3.url}/documents` } : {} });
    admin = await signUpAdmin(ctx.app, ctx.db);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const upload = (
    user: TestUser | null,
    content: Buffer,
    filename = 'datasheet.pdf',
    type = 'application/pdf',
  ) =>
    injectAs(ctx.app, user, {
      method: 'POST',
      url: '/api/admin/documents',
      ...multipart(content, filename, type),
    });

  it('keeps a PDF and serves it as one, cached for good', async () => {
    const content = await pdf(`Datasheet ${store}`);
    const response = await upload(admin, content);
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<UploadResult>();
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{40}\.pdf$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('tells a PDF by its content: a page named sheet.pdf, a picture, nothing, or too much is refused', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const disguised = await upload(admin, html, 'sheet.pdf');
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json<ErrorBody>().error.message).toBe('Documents must be PDF files');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    expect((await upload(admin, png, 'photo.png', 'image/png')).json<ErrorBody>().error.message).toBe(
      'Documents must be PDF files (this file is image/png)',
    );
    expect((await upload(admin, Buffer.alloc(0))).json<ErrorBody>().error.message).toBe(
      'The document file is empty',
    );
    const huge = Buffer.concat([await pdf('big'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(admin, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().error.message).toBe('A document may be at most 10 MB');
    // A PDF is not a picture: the picture upload still takes pictures only.
    const asPicture = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/uploads',
      ...multipart(await pdf('not a picture'), 'sheet.pdf', 'application/pdf'),
    });
    expect(asPicture.statusCode).toBe(415);
  });

  it('only the shop’s admins upload', async () => {
    const content = await pdf('nobody');
    expect((await upload(null, content)).statusCode).toBe(401);
    expect((await upload(await signUp(ctx.app), content)).statusCode).toBe(403);
  });
});

describe('documents on products and families', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signUpAdmin(ctx.app, ctx.db);
  });
  afterAll(async () => {
    await ctx.app.close();
  });

  const uploaded = async (text: string) => {
    const response = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/documents',
      ...multipart(await pdf(text), 'doc.pdf', 'application/pdf'),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<UploadResult>().url;
  };
  const tool = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/buyNow/${id}` })).json<Tool>();

  it('lists a product’s documents on its answer, edited through PATCH, checked', async () => {
    const product = await insertTool(ctx.db, { sku: 'FT-DOC-1' });
    const sheet = await uploaded('FT-DOC-1 datasheet');
    const documents = [
      { title: 'Datasheet', kind: 'datasheet', url: sheet },
      { title: 'Manual (maker’s site)', kind: 'manual', url: 'https://maker.example/manuals/ft-doc-1.pdf' },
    ];
    const saved = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/tools/${product.id}`,
      payload: { documents },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await tool(product.id)).documents).toEqual(
      documents.map((document) => ({ ...document, source: 'product' })),
    );

    const refused = await Promise.all(
      [
        [{ title: 'Sheet', kind: 'datasheet', url: 'javascript:alert(1)' }],
        [{ title: 'Sheet', kind: 'datasheet', url: '/uploads/../../etc/passwd.pdf' }],
        [{ title: 'Sheet', kind: 'datasheet', url: 'http://maker.example/sheet.pdf' }],
        [{ title: 'Sheet', kind: 'brochure', url: sheet }],
        [{ title: '', kind: 'datasheet', url: sheet }],
        [documents[0], documents[0]],
      ].map((documents) =>
        injectAs(ctx.app, admin, {
          method: 'PATCH',
          url: `/api/tools/${product.id}`,
          payload: { documents },
        }),
      ),
    );
    expect(refused.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refused[0]?.json<ErrorBody>().error.message).toContain(
      'A document is a PDF uploaded to the shop (/uploads/…pdf), one of its own (/images/…pdf) or an https:// address',
    );
    expect(refused[5]?.json<ErrorBody>().error.message).toContain('A document is listed twice');
    // What was refused changed nothing.
    expect((await tool(product.id)).documents).toEqual(
      documents.map((document) => ({ ...document, source: 'product' })),
    );
  });

  it('lists a family’s documents on each variant after its own, and keeps them from the clean-up', async () => {
    const sds = await uploaded('Family safety data sheet');
    const own = await uploaded('18 V variant datasheet');
    const created = await injectAs(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/families',
      payload: {
        name: 'Documented Driver',
        dis: 'An impact driver.',
        category: 'Power Tools',
        options: [{ name: 'Voltage', values: ['12 V', '18 V'] }],
        documents: [{ title: 'Safety data sheet', kind: 'sds', url: sds }],
        variants: [
          { sku: 'FT-DD-12', options: { Voltage: '12 V' }, price: 50, min_order: 10, available: 100 },
          {
            sku: 'FT-DD-18',
            options: { Voltage: '18 V' },
            price: 60,
            min_order: 10,
            available: 100,
            documents: [{ title: '18 V datasheet', kind: 'datasheet', url: own }],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [twelve, eighteen] = created.json<FamilyCreated>().variants;
    expect(
      (await tool(eighteen?.toolId ?? '')).documents.map((document) => [document.kind, document.source]),
    ).toEqual([
      ['datasheet', 'product'],
      ['sds', 'family'],
    ]);
    expect((await tool(twelve?.toolId ?? '')).documents).toEqual([
      { title: 'Safety data sheet', kind: 'sds', url: sds, source: 'family' },
    ]);

    const inUse = await uploadedPicturesInUse(ctx.db);
    expect(inUse.has(sds) && inUse.has(own)).toBe(true);

    // Taken off the family, the sheet is no longer in use, and goes a day after its upload.
    const familyId = created.json<FamilyCreated>()._id;
    const edited = await injectAs(ctx.app, admin, {
      method: 'PATCH',
      url: `/api/admin/families/${familyId}`,
      payload: { documents: [] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await tool(twelve?.toolId ?? '')).documents).toEqual([]);
    expect((await uploadedPicturesInUse(ctx.db)).has(sds)).toBe(false);
  });

  it('the clean-up keeps a document a product lists and removes one nobody does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolshop-documents-'));
    try {
      const store = folderStore(dir);
      const listed = await storeUpload(store, await pdf('listed'), 1024 * 1024, 'document');
      const forgotten = await storeUpload(store, await pdf('forgotten'), 1024 * 1024, 'document');
      await insertTool(ctx.db, { documents: [{ title: 'Manual', kind: 'manual', url: listed.url }] });
      const dayLater = Date.now() + UNUSED_PICTURE_MS + 60_000;
      await removeUnusedPictures(store, () => uploadedPicturesInUse(ctx.db), dayLater);
      const names = (await store.list()).map((file) => file.name);
      expect(names).toContain(basename(listed.url));
      expect(names).not.toContain(basename(forgotten.url));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
