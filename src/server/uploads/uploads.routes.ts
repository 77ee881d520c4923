import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { errorResponses } from '../../shared/api/errors';
import { MAX_PICTURE_BYTES, UploadResult } from '../../shared/api/uploads.schemas';
import { recordAudit } from '../audit/audit.repository';
import { type AuthGuards, signedInUser } from '../identity/request-user';
import type { Database } from '../db/database';
import { DomainError } from '../http/domain-error';
import type { PictureStore } from './picture-store';
import { storePicture, tooLarge } from './store-picture';

/** An admin uploads a product picture (DESIGN §9): one file, multipart/form-data, field `file`. */
export const uploadsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  guards: AuthGuards;
  pictures: PictureStore;
  quotaBytes: number;
}> = async (app, { db, guards, pictures, quotaBytes }) => {
  // Only this route reads multipart bodies, and never more than one file of the largest size.
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });
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
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new DomainError('VALIDATION_FAILED', messages.pictureAsMultipart);
      }
      const content = await readUploadedFile(request);
      const { url, bytes, added } = await storePicture(pictures, content, quotaBytes);
      // Who put which file on the shop's disk (the same picture again adds nothing).
      if (added)
        await recordAudit(db, signedInUser(request), {
          action: 'upload.add',
          subject: url,
          after: { bytes },
        });
      return reply.status(201).send({ url });
    },
  );
};

/**
 * The one file of a multipart body. A body cut short or malformed (busboy's "Unexpected end of form"
 * carries no status) is the client's fault, told as such, not a 500.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw new DomainError('VALIDATION_FAILED', messages.choosePicture);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const { code, statusCode } = error as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (statusCode !== undefined && statusCode < 500) throw error;
    throw new DomainError('BAD_REQUEST', messages.uploadCutShort);
  }
}
