import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { errorResponses } from '../../shared/api/errors';
import { MAX_DOCUMENT_BYTES, UploadResult } from '../../shared/api/uploads.schemas';
import { recordAudit } from '../audit/audit.repository';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { PictureStore } from './picture-store';
import { UPLOAD_KINDS, storeUpload, tooLarge, type UploadKind } from './store-picture';

/**
 * An admin uploads a product picture or a product's document (DESIGN §9, §11): one file,
 * multipart/form-data, field `file`; each kept by its content's hash in the shop's store.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  pictures: PictureStore;
  quotaBytes: number;
}> = async (app, { db, guards, pictures, quotaBytes }) => {
  // Only these routes read multipart bodies, and never more than one file of the largest size.
  await app.register(multipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  /** Reads the one file of the request, stores it as `kind`, notes who added it, answers 201 {url}. */
  const upload = async (request: FastifyRequest, reply: FastifyReply, kind: UploadKind) => {
    if (!request.isMultipart()) throw new DomainError('VALIDATION_FAILED', UPLOAD_KINDS[kind].notMultipart);
    const content = await readUploadedFile(request, kind);
    const { url, bytes, added } = await storeUpload(pictures, content, quotaBytes, kind);
    // Who put which file on the shop's disk (the same file again adds nothing).
    if (added) {
      await recordAudit(db, signedInUser(request), { action: 'upload.add', subject: url, after: { bytes } });
    }
    return reply.status(201).send({ url });
  };

  app.post(
    '/admin/uploads',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Upload a product picture: JPEG, PNG or WebP up to 2 MB, checked by content (admin)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResult, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => upload(request, reply, 'picture'),
  );

  app.post(
    '/admin/documents',
    {
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a product document (a datasheet, safety data sheet or manual): a PDF up to 10 MB, checked by content (admin)',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResult, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => upload(request, reply, 'document'),
  );
};

/**
 * The one file of a multipart body, no larger than its kind takes. A body cut short or malformed
 * (busboy's "Unexpected end of form" carries no status) is the client's fault, told as such, not a 500.
 */
async function readUploadedFile(request: FastifyRequest, kind: UploadKind): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: UPLOAD_KINDS[kind].maxBytes } });
    if (!file) throw new DomainError('VALIDATION_FAILED', UPLOAD_KINDS[kind].noFile);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    if (statusCode !== undefined && statusCode < 500) throw error;
    throw new DomainError('BAD_REQUEST', messages.uploadCutShort);
  }
}
